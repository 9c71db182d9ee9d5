import type { DeepStrings } from '../../types';
import type en from './en';

const messages: DeepStrings<typeof en> = {
  server: {
    errors: {
      estate: {
        projectNotFound: 'プロジェクトが存在しないか、担当エリア外です',
        buildingNotFound: '建物が存在しないか、担当エリア外です',
        projectNameTaken: 'このエリアには「%{name}」というプロジェクトが既にあります',
        buildingNameTaken: 'このプロジェクトには「%{name}」という建物が既にあります',
        roomCodeTaken: '建物「%{building}」には部屋 %{code} が既にあります',
        buildingHasRoomsMove: 'この建物には %{count} 室あるため、他のプロジェクトへ移せません',
        floorsBelowRooms: 'この建物の %{floor} 階に部屋があるため、階数は %{floor} 以上が必要です',
        deleteBlocked: '「%{name}」にはまだ %{what} があります。先に削除または移動してください',
        holds: {
          buildings: '建物 %{count} 棟', rooms: '部屋 %{count} 室', meters: 'メーター %{count} 台', tenants: '入居者 %{count} 名',
          balances: 'ゼロでない残高 %{count} 件', modules: 'モジュール %{count} 台', join: '、',
        },
        importProjectUnknown: 'エリア内に「%{name}」というプロジェクトがありません',
        importProjectAmbiguous: 'エリア内に「%{name}」というプロジェクトが複数あります',
        importBuildingUnknown: 'プロジェクト「%{project}」に「%{name}」という建物がありません',
        importBuildingAmbiguous: '「%{name}」という建物が複数あります。projectName 列を追加してください',
        importRoomExists: '建物「%{building}」には部屋 %{code} が既にあります',
        importRoomUnknown: '建物「%{building}」に部屋 %{code} がありません',
        importRoomOccupied: '部屋 %{code} には既に入居者がいます',
        importDuplicate: '%{code} はファイルの %{row} 行目と重複しています',
        importTenantExists: '身分証番号 %{idNumber} の利用者は既に存在します',
      },
    },
    validation: {
      estate: {
        emptyRow: '空の行です',
        patternNumber: '{n}、{nn} または {nnn}（部屋番号）を含めてください',
        patternPlaceholders: '使えるのは {floor}、{n}、{nn}、{nnn} のみです',
        rangeOrder: '範囲の開始より小さくできません',
        bulkMax: '5,000 室を超えます。数回に分けて作成してください',
        floorAbove: '%{floors}（建物の階数）以下にしてください',
        patternTooLong: '%{max} 文字を超える部屋番号になります',
        idNumber: '5〜20 桁の英数字にしてください',
        buildingForRoom: 'roomCode を指定する場合は必須です',
        roomForBuilding: 'buildingName を指定する場合は必須です',
      },
    },
  },
};

export default messages;
