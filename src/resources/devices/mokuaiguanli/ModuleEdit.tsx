import { useTranslate } from 'react-admin';
import { RecordEdit } from '../../../components/RecordPages';
import { DeviceActionsProvider } from '../../../components/devices/DeviceActions';
import { ModuleForm } from './ModuleForm';
import { ModuleAside } from './ModuleAside';

export default function ModuleEdit() {
  const translate = useTranslate();
  return (
    <DeviceActionsProvider>
      <RecordEdit title={translate('routes.mokuaiguanli')} aside={<ModuleAside />}>
        <ModuleForm />
      </RecordEdit>
    </DeviceActionsProvider>
  );
}
