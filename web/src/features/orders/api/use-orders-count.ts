/** How many orders the signed-in customer has, for the navbar badge (filled in by the orders feature). */
export function useOrdersCount(): number {
  return 0;
}
