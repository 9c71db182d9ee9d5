import { useTranslate } from 'react-admin';
import { RecordEdit } from '../../../components/RecordPages';
import { BuildingForm } from './BuildingForm';

export default function BuildingEdit() {
  const translate = useTranslate();
  return <RecordEdit title={translate('routes.jianzhuguanli')}><BuildingForm /></RecordEdit>;
}
