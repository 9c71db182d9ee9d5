import { useTranslate } from 'react-admin';
import { RecordCreate } from '../../../components/RecordPages';
import { ElectricMeterForm } from './ElectricMeterForm';
import { useQueueSets } from './queueSets';

export default function ElectricMeterCreate() {
  const translate = useTranslate();
  const queueSets = useQueueSets();
  return (
    <RecordCreate
      title={translate('routes.dianbiaoguanli')}
      // The parameter sets chosen go to the new meter by set_parameter commands.
      mutationOptions={{ onSuccess: (data: { id: number }, variables: { data?: Record<string, unknown> }) => { void queueSets(data.id, variables.data ?? {}); } }}
    >
      <ElectricMeterForm />
    </RecordCreate>
  );
}
