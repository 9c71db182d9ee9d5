import { useTranslate } from 'react-admin';
import { RecordCreate } from '../../../components/RecordPages';
import { BuildingForm } from './BuildingForm';

export default function BuildingCreate() {
  const translate = useTranslate();
  return <RecordCreate title={translate('routes.jianzhuguanli')}><BuildingForm /></RecordCreate>;
}
