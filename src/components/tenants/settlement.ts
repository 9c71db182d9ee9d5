import { formatYuan } from '../../../common/money';

/** A settlement line of an ended binding, as the binding list answers it (ledger rows of the unbinding). */
export interface SettlementLine { utility: string; kind: string; amountFen: number; balanceAfterFen: number; remark: string | null }

/**
 * What an unbinding did to each account, in words: refunded, arrears collected, carried over, or
 * nothing to settle. A refund line moved the money; a settlement line alone means carry-over.
 */
export function settlementText(lines: SettlementLine[] | undefined, translate: (key: string, options?: object) => string): string {
  if (!lines?.length) return '';
  const utilities = [...new Set(lines.map((line) => line.utility))];
  return utilities.map((utility) => {
    const name = translate(`bindings.utility.${utility}`);
    const refund = lines.find((line) => line.utility === utility && line.kind === 'refund');
    const settled = lines.find((line) => line.utility === utility && line.kind === 'settlement');
    if (refund && refund.amountFen < 0) return translate('bindings.settlement.refunded', { utility: name, amount: formatYuan(-refund.amountFen) });
    if (refund && refund.amountFen > 0) return translate('bindings.settlement.collected', { utility: name, amount: formatYuan(refund.amountFen) });
    if (settled && settled.balanceAfterFen !== 0) return translate('bindings.settlement.carriedOver', { utility: name, amount: formatYuan(settled.balanceAfterFen) });
    return translate('bindings.settlement.zero', { utility: name });
  }).join(translate('bindings.settlement.join'));
}
