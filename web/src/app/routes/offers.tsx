export default function OffersRoute() {
  return <h1 className="h3">Offers</h1>;
}
