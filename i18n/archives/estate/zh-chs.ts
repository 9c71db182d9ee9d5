import type { DeepStrings } from '../../types';
import type en from './en';

const messages: DeepStrings<typeof en> = {
  server: {
    errors: {
      estate: {
        projectNotFound: '项目不存在或不在您的片区内',
        buildingNotFound: '建筑不存在或不在您的片区内',
        projectNameTaken: '本片区已有名为“%{name}”的项目',
        buildingNameTaken: '该项目已有名为“%{name}”的建筑',
        roomCodeTaken: '建筑“%{building}”中已有房间%{code}',
        buildingHasRoomsMove: '该建筑有%{count}个房间，不能移到其他项目',
        floorsBelowRooms: '该建筑第%{floor}层有房间，楼层数至少为%{floor}',
        deleteBlocked: '“%{name}”仍有%{what}，请先删除或迁走',
        holds: {
          buildings: '%{count}栋建筑', rooms: '%{count}个房间', meters: '%{count}块表', tenants: '%{count}位在住用户',
          balances: '%{count}个非零余额', modules: '%{count}个模块', join: '、',
        },
        importProjectUnknown: '本片区没有名为“%{name}”的项目',
        importProjectAmbiguous: '本片区有多个名为“%{name}”的项目',
        importBuildingUnknown: '项目“%{project}”中没有名为“%{name}”的建筑',
        importBuildingAmbiguous: '有多栋名为“%{name}”的建筑，请加上 projectName 列',
        importRoomExists: '建筑“%{building}”中已有房间%{code}',
        importRoomUnknown: '建筑“%{building}”中没有房间%{code}',
        importRoomOccupied: '房间%{code}已有在住用户',
        importDuplicate: '%{code}与文件第%{row}行重复',
        importTenantExists: '证件号%{idNumber}的用户已存在',
      },
    },
    validation: {
      estate: {
        emptyRow: '是空行',
        patternNumber: '必须包含 {n}、{nn} 或 {nnn}（房号）',
        patternPlaceholders: '只能使用 {floor}、{n}、{nn} 和 {nnn}',
        rangeOrder: '不能小于范围的起点',
        bulkMax: '超过 5000 个房间，请分几次创建',
        floorAbove: '不能大于%{floors}（建筑的楼层数）',
        patternTooLong: '生成的房间号超过%{max}个字符',
        idNumber: '必须是 5 到 20 位字母或数字',
        buildingForRoom: '填写 roomCode 时必填',
        roomForBuilding: '填写 buildingName 时必填',
      },
    },
  },
};

export default messages;
