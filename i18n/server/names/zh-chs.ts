import type { DeepStrings } from '../../types';
import type en from './en';

const messages: DeepStrings<typeof en> = {
  server: {
    names: {
      utility: { electric: '电表', water: '水表' },
      command: {
        read: '抄表', trip: '拉闸', close_allowed: '允许合闸', direct_close: '直接合闸', keep_supply_on: '保电',
        keep_supply_off: '解除保电', time_sync: '校时', set_parameter: '下发参数', preset_energy: '预置电量',
        recharge: '充值写表', valve_open: '开阀', valve_close: '关阀',
      },
      setKind: {
        power: '功率参数', control: '控制参数', load: '负载参数', night: '夜间小功率参数', timed: '定时通断参数', gift: '免费电赠送参数',
      },
      moduleKind: { simulator: '模拟器', 'tcp-gateway': 'TCP 网关', dtu: '4G DTU' },
      type: { number: '数字', string: '文本', boolean: 'true 或 false', array: '列表', object: '对象' },
      list: { item: '%{text}', join: '、', more: '%{list} 及其他 %{more} 个' },
    },
  },
};

export default messages;
