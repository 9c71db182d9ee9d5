import { useTranslate } from 'react-admin';
import { RecordEdit } from '../../../components/RecordPages';
import { ElectricMeterForm } from './ElectricMeterForm';
import { ElectricMeterAside } from './ElectricMeterAside';
import { useQueueSets } from './queueSets';

export default function ElectricMeterEdit() {
  const translate = useTranslate();
  const queueSets = useQueueSets();
  return (
    <RecordEdit
      title={translate('routes.dianbiaoguanli')}
      aside={<ElectricMeterAside />}
      // A parameter set chosen anew goes to the meter by a set_parameter command (its assignment follows its success).
      mutationOptions={{
        onSuccess: (data: { id: number }, variables: { data?: Record<string, unknown>; previousData?: Record<string, unknown> }) => {
          void queueSets(data.id, variables.data ?? {}, variables.previousData);
        },
      }}
    >
      <ElectricMeterForm />
    </RecordEdit>
  );
}
