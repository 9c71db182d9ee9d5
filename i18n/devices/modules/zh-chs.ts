/** Messages of issue 11's modules part (zh-chs), merged into i18n/zh-chs.ts: module management, water meter status and switch. */
const waterFields = {
  id: '编号', address: '表地址', meterType: '类型', roomCode: '房间号', buildingName: '建筑', projectName: '项目',
  tenantName: '用户', valveState: '阀门', batteryLow: '电池', online: '在线', lastReading: '最近读数（m³）',
  lastReadAt: '抄表时间', lastRead: '抄表时间', accountOpened: '开户', q: '搜索',
};

const modules = {
  resources: {
    mokuaiguanli: {
      name: '模块',
      count: '%{smart_count} 个模块',
      fields: {
        id: '编号', address: '模块地址', name: '名称', kind: '类型', protocol: '规约', host: '主机', port: '端口',
        endpoint: '主机:端口', online: '在线', lastHeartbeatAt: '最近心跳', projectId: '项目', projectName: '项目',
        electricCount: '电表数', waterCount: '水表数', remark: '备注', createdAt: '创建时间', q: '搜索',
        settings: {
          valveCode: '阀控控制码', diOrder: '读数 DI 字节序', password: '拉合闸密码',
          operatorCode: '操作者代码', frameTimeoutMs: '帧超时（毫秒）',
        },
      },
    },
    waterstate: { name: '水表', count: '%{smart_count} 块水表', fields: waterFields },
    waterswitch: { name: '水表', count: '%{smart_count} 块水表', fields: waterFields },
  },
  moduleScreen: {
    kind: { simulator: '模拟器', 'tcp-gateway': 'TCP 网关', dtu: '4G DTU' },
    protocol: { dlt645: 'DL/T 645（电表）', cjt188: 'CJ/T 188（水表）' },
    kindHelp: {
      simulator: '模拟总线：由模拟器应答其下的表',
      'tcp-gateway': '串口转以太网转换器：平台连接其主机和端口',
      dtu: '4G DTU：主动连入平台，以其地址注册',
    },
    protocolHelp: 'DL/T 645 挂电表，CJ/T 188 挂水表',
    addressHelp: '1–32 位字母或数字（字母存为大写），全平台唯一',
    addressDtuHelp: 'DTU 注册时发送的编号（1–32 位字母或数字）',
    hostHelp: '主机名或 IP 地址，不含 http:// 和路径',
    portHelp: '1–65535',
    hostInvalid: '请输入主机名或 IP 地址，不含 http://、端口和路径',
    addressInvalid: '请输入 1–32 位字母或数字',
    hex8: '必须是 8 位十六进制数字',
    advanced: '高级：规约参数',
    advancedHelp: '实际设备与标准示例不尽相同；留空即使用默认值。',
    defaultIs: '默认：%{value}',
    valveCode: { '04': '标准写数据（04）', '2A': '厂家控制码（2A）' },
    diOrder: { '901F': '标准（90 1F）', '1F90': '反序（1F 90）' },
    state: '模块状态',
    endpointNone: '无',
    neverHeard: '从未',
    meters: {
      title: '下挂的表',
      empty: '此模块下没有表',
      capped: '每类显示前 %{shown} 块（共 %{total} 块）',
      kind: { electric: '电表', water: '水表' },
      kindLabel: '类型', address: '地址', room: '房间', state: '状态', online: '在线', channel: '通道',
      counts: '电表 %{electric} 块 · 水表 %{water} 块',
    },
    relay: { on: '合闸', off: '拉闸', close_pending: '允许合闸' },
    testConnection: '测试连接',
    testHint: '经此模块抄读其下一块表',
    testNoMeter: '此模块下没有可抄读的表',
    testAction: '测试连接（抄表）',
    deleteCarries: '此模块下挂电表 %{electric} 块、水表 %{water} 块：请先移走或删除这些表，再删除模块。',
  },
  waterScreens: {
    readAction: '抄表',
    readSelected: '抄读所选',
    readSelectedConfirm: '向所选的 %{smart_count} 块水表发送抄表命令？',
    readAll: '立即抄表',
    readAllTitle: '立即抄读列表中的水表',
    readAllConfirm: '向 %{count}发送抄表命令？读数随表的应答陆续到达。',
    tooMany: '超过 %{max} 块表：请缩小筛选范围（例如一栋楼）后再试',
    attention: '需关注',
    attentionHint: '电池欠压或阀门异常',
  },
  server: {
    errors: {
      moduleAddressTaken: '模块地址 %{address} 已被使用',
      moduleCarriesElectric: '模块 %{address} 下挂 %{count} 块电表：CJ/T 188 模块无法与其通信，请先移走',
      moduleCarriesWater: '模块 %{address} 下挂 %{count} 块水表：DL/T 645 模块无法与其通信，请先移走',
      moduleHasMeters: '模块 %{address} 下仍挂有电表 %{electric} 块、水表 %{water} 块：请先移走或删除',
      moduleHasCommands: '模块 %{address} 仍有 %{count} 条命令排队或执行中：请等待其完成',
    },
    validation: {
      moduleAddress: '必须是 1–32 位字母或数字',
      hex8: '必须是 8 位十六进制数字',
      host: '必须是主机名或 IP 地址，不含协议、端口和路径',
      hostRequired: 'TCP 网关必须填写主机',
      portRequired: 'TCP 网关必须填写端口（1–65535）',
      noHost: '%{kind}类型的模块没有主机和端口',
      projectNotFound: '项目不存在或不在您的区域内',
      settingsEmpty: '至少填写一项参数，或传 null 使用全部默认值',
    },
  },
};

export default modules;
