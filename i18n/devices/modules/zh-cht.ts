/** Messages of issue 11's modules part (zh-cht), merged into i18n/zh-cht.ts: module management, water meter status and switch. */
const waterFields = {
  id: '編號', address: '錶地址', meterType: '類型', roomCode: '房號', buildingName: '建築', projectName: '專案',
  tenantName: '用戶', valveState: '閥門', batteryLow: '電池', online: '連線', lastReading: '最近讀數（m³）',
  lastReadAt: '抄表時間', lastRead: '抄表時間', accountOpened: '開戶', q: '搜尋',
};

const modules = {
  resources: {
    mokuaiguanli: {
      name: '模組',
      count: '%{smart_count} 個模組',
      fields: {
        id: '編號', address: '模組地址', name: '名稱', kind: '類型', protocol: '規約', host: '主機', port: '連接埠',
        endpoint: '主機:連接埠', online: '連線', lastHeartbeatAt: '最近心跳', projectId: '專案', projectName: '專案',
        electricCount: '電錶數', waterCount: '水錶數', remark: '備註', createdAt: '建立時間', q: '搜尋',
        settings: {
          valveCode: '閥控控制碼', diOrder: '讀數 DI 位元組順序', password: '拉合閘密碼',
          operatorCode: '操作者代碼', frameTimeoutMs: '訊框逾時（毫秒）',
        },
      },
    },
    waterstate: { name: '水錶', count: '%{smart_count} 具水錶', fields: waterFields },
    waterswitch: { name: '水錶', count: '%{smart_count} 具水錶', fields: waterFields },
  },
  moduleScreen: {
    kind: { simulator: '模擬器', 'tcp-gateway': 'TCP 閘道', dtu: '4G DTU' },
    protocol: { dlt645: 'DL/T 645（電錶）', cjt188: 'CJ/T 188（水錶）' },
    kindHelp: {
      simulator: '模擬匯流排：由模擬器應答其下的錶',
      'tcp-gateway': '序列轉乙太網路轉換器：平台連線到其主機和連接埠',
      dtu: '4G DTU：主動連入平台，以其地址註冊',
    },
    protocolHelp: 'DL/T 645 掛電錶，CJ/T 188 掛水錶',
    addressHelp: '1–32 位字母或數字（字母存為大寫），全平台唯一',
    addressDtuHelp: 'DTU 註冊時送出的編號（1–32 位字母或數字）',
    hostHelp: '主機名稱或 IP 位址，不含 http:// 和路徑',
    portHelp: '1–65535',
    hostInvalid: '請輸入主機名稱或 IP 位址，不含 http://、連接埠和路徑',
    addressInvalid: '請輸入 1–32 位字母或數字',
    hex8: '必須是 8 位十六進位數字',
    advanced: '進階：規約參數',
    advancedHelp: '實際設備與標準範例不盡相同；留空即使用預設值。',
    defaultIs: '預設：%{value}',
    valveCode: { '04': '標準寫資料（04）', '2A': '廠商控制碼（2A）' },
    diOrder: { '901F': '標準（90 1F）', '1F90': '反序（1F 90）' },
    state: '模組狀態',
    endpointNone: '無',
    neverHeard: '從未',
    meters: {
      title: '下掛的錶',
      empty: '此模組下沒有錶',
      capped: '每類顯示前 %{shown} 具（共 %{total} 具）',
      kind: { electric: '電錶', water: '水錶' },
      kindLabel: '類型', address: '地址', room: '房間', state: '狀態', online: '連線', channel: '通道',
      counts: '電錶 %{electric} 具 · 水錶 %{water} 具',
    },
    relay: { on: '合閘', off: '拉閘', close_pending: '允許合閘' },
    testConnection: '測試連線',
    testHint: '經此模組抄讀其下一具錶',
    testNoMeter: '此模組下沒有可抄讀的錶',
    testAction: '測試連線（抄錶）',
    deleteCarries: '此模組下掛電錶 %{electric} 具、水錶 %{water} 具：請先移走或刪除這些錶，再刪除模組。',
  },
  waterScreens: {
    readAction: '抄錶',
    readSelected: '抄讀所選',
    readSelectedConfirm: '向所選的 %{smart_count} 具水錶送出抄錶命令？',
    readAll: '立即抄錶',
    readAllTitle: '立即抄讀清單中的水錶',
    readAllConfirm: '向 %{count}送出抄錶命令？讀數隨錶的應答陸續到達。',
    tooMany: '超過 %{max} 具錶：請縮小篩選範圍（例如一棟樓）後再試',
    attention: '需留意',
    attentionHint: '電池電量低或閥門異常',
  },
  server: {
    errors: {
      moduleAddressTaken: '模組地址 %{address} 已被使用',
      moduleCarriesElectric: '模組 %{address} 下掛 %{count} 具電錶：CJ/T 188 模組無法與其通訊，請先移走',
      moduleCarriesWater: '模組 %{address} 下掛 %{count} 具水錶：DL/T 645 模組無法與其通訊，請先移走',
      moduleHasMeters: '模組 %{address} 下仍掛有電錶 %{electric} 具、水錶 %{water} 具：請先移走或刪除',
      moduleHasCommands: '模組 %{address} 仍有 %{count} 條命令排隊或執行中：請等待其完成',
    },
    validation: {
      moduleAddress: '必須是 1–32 位字母或數字',
      hex8: '必須是 8 位十六進位數字',
      host: '必須是主機名稱或 IP 位址，不含協定、連接埠和路徑',
      hostRequired: 'TCP 閘道必須填寫主機',
      portRequired: 'TCP 閘道必須填寫連接埠（1–65535）',
      noHost: '%{kind}類型的模組沒有主機和連接埠',
      projectNotFound: '專案不存在或不在您的區域內',
      settingsEmpty: '至少填寫一項參數，或傳 null 使用全部預設值',
    },
  },
};

export default modules;
