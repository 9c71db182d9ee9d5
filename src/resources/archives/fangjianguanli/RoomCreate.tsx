import { useTranslate } from 'react-admin';
import { RecordCreate } from '../../../components/RecordPages';
import { RoomForm } from './RoomForm';

export default function RoomCreate() {
  const translate = useTranslate();
  return <RecordCreate title={translate('routes.fangjianguanli')}><RoomForm /></RecordCreate>;
}
