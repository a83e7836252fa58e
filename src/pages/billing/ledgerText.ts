/**
 * A balance-history line's description in the reader's language: the sandbox stores it as a
 * message key with parameters (`description_key`, `description_params`); `description` is its
 * Vietnamese rendering, kept for callers that read only that.
 */
import type { BalanceAdjustment } from '../../dataProvider/dataProvider';
import { renderMessageText } from '../../domain/messageText';
import type { Translate } from '../../domain/periods';

export function adjustmentText(
  adjustment: Pick<BalanceAdjustment, 'description' | 'description_key' | 'description_params'>,
  translate: Translate,
): string {
  if (!adjustment.description_key) return adjustment.description;
  return renderMessageText(
    { key: adjustment.description_key, params: adjustment.description_params },
    translate,
  );
}
