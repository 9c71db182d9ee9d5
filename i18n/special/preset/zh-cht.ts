/** Messages of issue 30's user parameters and preset energy screens (zh-cht), merged into i18n/zh-cht.ts. */
import meters from '../../devices/meters/zh-cht';

const limitFields = {
  projectName: '項目', buildingName: '建築', roomCode: '房間號', tenantName: '租戶', utility: '帳戶',
  balanceFen: '餘額（元）', alarm1Fen: '一級報警金額（元）', alarm2Fen: '二級報警金額（元）', overdraftFen: '透支金額（元）', hoardLimitFen: '囤積限額（元）',
};

const preset = {
  resources: {
    basicUserParameters: { fields: limitFields },
    yuzhidianliang: meters.resources.tongduankongzhi,
    preset_power_record: {
      fields: {
        createdAt: '時間', created: '時間', meterAddress: '電錶地址', projectName: '項目', buildingName: '建築', roomCode: '房間號',
        energy: '電量（kWh）', reason: '原因', state: '結果', operatorName: '操作員', operator: '操作員',
      },
    },
  },
  userParameters: {
    edit: '設定參數',
    setSelected: '為所選帳戶設定參數',
    title: '用戶參數 · %{room}',
    titleMany: '%{smart_count} 個帳戶的用戶參數',
    balance: '目前餘額',
    keepEmpty: '留空的項目保持各帳戶原值。',
    keep: '不變',
    rule: '二級報警金額須低於一級；透支金額不能為負；囤積限額須高於一級報警金額，且不低於目前餘額。',
    notAmount: '請輸入以元為單位、最多兩位小數的金額',
    nothing: '請至少填寫一項參數',
    ofRoom: '%{room}：%{reason}',
    saved: '已儲存 %{smart_count} 個帳戶的參數',
    utility: { electric: '電', water: '水' },
  },
  presetEnergy: {
    presetSelected: '為所選電錶預置電量',
    presetFiltered: '為篩選出的全部電錶預置電量',
    title: '預置電量',
    selected: '所選 %{count}',
    energy: '預置電量（kWh）',
    energyHelp: '0.01–99999.99 kWh，最多兩位小數',
    energyInvalid: '請輸入 0.01–99999.99 kWh，最多兩位小數',
    question: '向 %{count}寫入預置電量 %{energy} kWh？',
    offline: '%{smart_count} 塊電錶離線：指令會重試至期限，仍無回應則失敗並註明原因',
    rule: '每塊電錶的結果都記入預置電量紀錄；不支援預置電量的電錶顯示「不支援」。',
    progress: '預置電量',
    remaining: '錶內剩餘（kWh）',
    result: { succeeded: '成功', failed: '失敗', unsupported: '不支援', expired: '已逾期' },
    totals: { count: '紀錄數', succeeded: '成功', energy: '已預置電量（kWh）' },
  },
  server: {
    validation: {
      presetEnergy: '須為 0.01–99999.99 kWh，最多兩位小數',
      presetEnergyOnly: '只有預置電量指令（preset_energy）帶電量',
      userParameters: {
        range: '須為 0 至 %{max} 的整數分',
        overdraftNegative: '透支金額不能為負',
        alarmOrder: '二級報警金額（%{alarm2}）須低於一級報警金額（%{alarm1}）',
        hoardAboveAlarm: '囤積限額須高於一級報警金額（%{alarm1}）',
        hoardBelowBalance: '囤積限額 %{limit} 低於目前餘額 %{balance}',
        ofRoom: '房間 %{room}：%{reason}',
        nothing: '請至少提供一級報警金額、二級報警金額、透支金額、囤積限額之一',
      },
    },
  },
};

export default preset;
