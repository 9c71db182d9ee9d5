import { useTranslate } from 'react-admin';
import { RecordEdit } from '../../../components/RecordPages';
import { RoomForm } from './RoomForm';

export default function RoomEdit() {
  const translate = useTranslate();
  return <RecordEdit title={translate('routes.fangjianguanli')}><RoomForm /></RecordEdit>;
}
