import type { DeepStrings } from '../../types';
import type en from './en';

const messages: DeepStrings<typeof en> = {
  server: {
    names: {
      utility: { electric: '電錶', water: '水錶' },
      command: {
        read: '抄錶', trip: '拉閘', close_allowed: '允許合閘', direct_close: '直接合閘', keep_supply_on: '保電',
        keep_supply_off: '解除保電', time_sync: '校時', set_parameter: '下發參數', preset_energy: '預置電量',
        recharge: '儲值寫錶', valve_open: '開閥', valve_close: '關閥',
      },
      setKind: {
        power: '功率參數', control: '控制參數', load: '負載參數', night: '夜間小功率參數', timed: '定時通斷參數', gift: '免費電贈送參數',
      },
      moduleKind: { simulator: '模擬器', 'tcp-gateway': 'TCP 閘道', dtu: '4G DTU' },
      type: { number: '數字', string: '文字', boolean: 'true 或 false', array: '清單', object: '物件' },
      list: { item: '%{text}', join: '、', more: '%{list} 及其他 %{more} 個' },
    },
  },
};

export default messages;
