/** placeholder, filled in below */
export const MESSAGES_EN: Record<string, string> = {};
export const MESSAGES_SW: Record<string, string> = {};
export type MessageId = string;
