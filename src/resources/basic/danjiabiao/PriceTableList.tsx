import type { Column } from '../../../components/list/columns';
import { TemplateList } from '../../../components/templates/TemplateList';
import { AreaDefaultsButton } from './AreaDefaultsButton';
import { usePriceSummary } from '../../../components/templates/priceSummary';
import type { Tier } from '../../../../common/tariffs';

export interface PriceTable {
  id: number; name: string; kind: 'single' | 'tou' | 'tiered';
  sharpFen: number; peakFen: number; flatFen: number; valleyFen: number; waterFen: number;
  tiers: Tier[] | null; scheduleId: number | null; scheduleName: string | null; usedBy: number; remark: string | null;
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
