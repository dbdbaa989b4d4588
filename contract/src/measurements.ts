/** A garment's optional measurements, each in centimetres (measured flat). */
export const MEASUREMENT_KEYS = [
  'pit_to_pit',
  'length',
  'shoulder',
  'sleeve',
  'waist',
  'hip',
  'inseam',
  'rise',
] as const;
export type MeasurementKey = (typeof MEASUREMENT_KEYS)[number];
export const MEASUREMENT_LABELS: Record<MeasurementKey, string> = {
  pit_to_pit: 'Pit to pit',
  length: 'Length',
  shoulder: 'Shoulder',
  sleeve: 'Sleeve',
  waist: 'Waist',
  hip: 'Hip',
  inseam: 'Inseam',
  rise: 'Rise',
};
