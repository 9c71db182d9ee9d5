import { useTranslate } from 'react-admin';
import type { Column } from '../../../components/list/columns';
import { TemplateList } from '../../../components/templates/TemplateList';
import { AreaDefaultsButton } from './AreaDefaultsButton';
import { fenToYuan } from '../../../../common/money';
import type { Tier } from '../../../../common/tariffs';

export interface PriceTable {
  id: number; name: string; kind: 'single' | 'tou' | 'tiered';
  sharpFen: number; peakFen: number; flatFen: number; valleyFen: number; waterFen: number;
  tiers: Tier[] | null; scheduleId: number | null; scheduleName: string | null; usedBy: number; remark: string | null;
}

/** The prices of a table in one line: ¥/kWh of each register, or of each tier. */
export function usePriceSummary() {
  const translate = useTranslate();
  return (table: PriceTable) => {
    if (table.kind === 'tou') return ['sharp', 'peak', 'flat', 'valley'].map((rate) => `${translate(`tariffs.rate.${rate}`)} ${fenToYuan(table[`${rate}Fen` as 'flatFen'])}`).join(' / ');
    if (table.kind === 'tiered') {
      return (table.tiers ?? []).map((tier, i, all) => `${i ? all[i - 1].upTo : 0}${tier.upTo === null ? `+ ${translate('tariffs.tiers.open')}` : `–${tier.upTo}`}: ${fenToYuan(tier.priceFen)}`).join(' / ');
    }
    return fenToYuan(table.flatFen);
  };
}

function Prices({ record }: { record: PriceTable }) {
  return <>{usePriceSummary()(record)}</>;
}

const COLUMNS: Column<PriceTable>[] = [
  {
    source: 'kind', kind: 'state', priority: 1,
    states: { single: { label: 'tariffs.kind.single' }, tou: { label: 'tariffs.kind.tou', color: 'info' }, tiered: { label: 'tariffs.kind.tiered', color: 'primary' } },
  },
  { source: 'prices', sortable: false, priority: 1, render: (record) => <Prices record={record} /> },
  { source: 'scheduleName', sortable: false, priority: 2 },
  { source: 'waterFen', kind: 'money', sortable: false, priority: 2 },
];

export default function PriceTableList() {
  return <TemplateList<PriceTable> columns={COLUMNS} toolbar={<AreaDefaultsButton />} />;
}
