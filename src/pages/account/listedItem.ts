/** A session or an API token in its card's list: a bordered box whose parts wrap on a phone. */
export const LISTED_ITEM_SX = {
  border: 1,
  borderColor: 'divider',
  borderRadius: 1,
  p: 1.5,
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: 1,
} as const;
