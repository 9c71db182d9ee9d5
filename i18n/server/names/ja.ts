import type { DeepStrings } from '../../types';
import type en from './en';

const messages: DeepStrings<typeof en> = {
  server: {
    names: {
      utility: { electric: '電力量計', water: '水道メーター' },
      command: {
        read: '検針', trip: '遮断', close_allowed: '投入許可', direct_close: '投入', keep_supply_on: '保電',
        keep_supply_off: '保電解除', time_sync: '時刻合わせ', set_parameter: 'パラメーター設定', preset_energy: '電力量プリセット',
        recharge: 'メーターへのチャージ', valve_open: 'バルブ開', valve_close: 'バルブ閉',
      },
      setKind: {
        power: '電力パラメータ', control: '制御パラメータ', load: '負荷パラメータ', night: '夜間低電力パラメータ', timed: 'タイマー通電・遮断パラメータ', gift: '無料電力付与パラメータ',
      },
      moduleKind: { simulator: 'シミュレーター', 'tcp-gateway': 'TCP ゲートウェイ', dtu: '4G DTU' },
      type: { number: '数値', string: '文字列', boolean: 'true または false', array: 'リスト', object: 'オブジェクト' },
      list: { item: '%{text}', join: '、', more: '%{list} ほか %{more} 件' },
    },
  },
};

export default messages;
