import type { DeepStrings } from '../../types';
import type en from './en';

const messages: DeepStrings<typeof en> = {
  server: {
    errors: {
      estate: {
        projectNotFound: '項目不存在或不在您的片區內',
        buildingNotFound: '建築不存在或不在您的片區內',
        projectNameTaken: '本片區已有名為「%{name}」的項目',
        buildingNameTaken: '該項目已有名為「%{name}」的建築',
        roomCodeTaken: '建築「%{building}」中已有房間%{code}',
        buildingHasRoomsMove: '該建築有%{count}個房間，不能移到其他項目',
        floorsBelowRooms: '該建築第%{floor}層有房間，樓層數至少為%{floor}',
        deleteBlocked: '「%{name}」仍有%{what}，請先刪除或遷走',
        holds: {
          buildings: '%{count}棟建築', rooms: '%{count}個房間', meters: '%{count}塊表', tenants: '%{count}位在住用戶',
          balances: '%{count}個非零餘額', modules: '%{count}個模組', join: '、',
        },
        importProjectUnknown: '本片區沒有名為「%{name}」的項目',
        importProjectAmbiguous: '本片區有多個名為「%{name}」的項目',
        importBuildingUnknown: '項目「%{project}」中沒有名為「%{name}」的建築',
        importBuildingAmbiguous: '有多棟名為「%{name}」的建築，請加上 projectName 欄',
        importRoomExists: '建築「%{building}」中已有房間%{code}',
        importRoomUnknown: '建築「%{building}」中沒有房間%{code}',
        importRoomOccupied: '房間%{code}已有在住用戶',
        importDuplicate: '%{code}與檔案第%{row}行重複',
        importTenantExists: '證件號%{idNumber}的用戶已存在',
      },
    },
    validation: {
      estate: {
        emptyRow: '是空行',
        patternNumber: '必須包含 {n}、{nn} 或 {nnn}（房號）',
        patternPlaceholders: '只能使用 {floor}、{n}、{nn} 和 {nnn}',
        rangeOrder: '不能小於範圍的起點',
        bulkMax: '超過 5000 個房間，請分幾次建立',
        floorAbove: '不能大於%{floors}（建築的樓層數）',
        patternTooLong: '產生的房間號超過%{max}個字元',
        idNumber: '必須是 5 到 20 位字母或數字',
        buildingForRoom: '填寫 roomCode 時必填',
        roomForBuilding: '填寫 buildingName 時必填',
      },
    },
  },
};

export default messages;
