import type { DeepStrings } from '../../types';
import type en from './en';

const messages: DeepStrings<typeof en> = {
  resources: {
    userJiaofei: {
      name: '缴费',
      empty: '按房间号、租户姓名或电话查找房间：输入后用 ↑ ↓ 选择，回车确定。',
      tenant: '租户',
      vacant: '空置（无租户）',
      noMeter: '无表',
      online: '在线',
      offline: '离线',
      arrears: '欠费',
      cutOff: '欠费断供',
      rechargeUtility: '%{utility}充值',
      browse: { button: '按项目和建筑选择', title: '选择房间：项目 → 建筑 → 房间', room: '房间', take: '选择此房间' },
      search: {
        label: '房间号、租户或电话',
        placeholder: '如 1203、张、138…',
        hint: '输入房间号、租户姓名或电话号码',
        none: '没有匹配的房间'
      },
      utility: {
        electric: '电费',
        water: '水费'
      },
      fields: {
        balanceFen: '余额',
        freeLeft: '剩余免费额度',
        overdraftFen: '透支额度',
        alarm1Fen: '一级报警',
        alarm2Fen: '二级报警',
        hoardLimitFen: '囤积限额',
        saleCount: '充值次数',
        meterAddress: '表地址'
      },
      states: {
        on: '合闸',
        off: '拉闸（断电）',
        close_pending: '允许合闸',
        open: '开阀',
        closed: '关阀',
        abnormal: '阀门异常'
      },
      openAccount: { button: '开户', done: '水表账户已开户，可以充值了' },
      blocked: {
        noMeter: '房间没有此类表：请先在房间绑定中绑定',
        notOpened: '水表账户尚未开户，开户后即可充值'
      },
      ledger: {
        since: '自 %{date} 入住起的流水（入住时余额 %{amount}）；之前的流水见房间结算明细',
        title: '最近流水',
        empty: '暂无流水',
        time: '时间',
        kind: '类型',
        amount: '金额（元）',
        balanceAfter: '余额（元）',
        ref: '单号',
        copy: '复制单号',
        copied: '已复制单号%{orderId}'
      },
      kinds: {
        opening: '期初',
        recharge: '充值',
        deduction: '扣费',
        gift: '赠送',
        calibration: '校准',
        refund: '退款',
        settlement: '结算'
      },
      channels: {
        cash: '现金',
        wechat: '微信',
        alipay: '支付宝',
        card: '银行卡',
        gift: '赠送',
        calibration: '校准'
      },
      status: {
        0: '已作废',
        1: '已支付',
        2: '已写表',
        3: '写表失败'
      },
      restore: {
        electric: '允许合闸',
        water: '开阀'
      },
      dialog: {
        title: '%{utility}充值：%{room}',
        balance: '当前余额%{balance}，本次最多可充%{most}',
        amount: '金额（元）',
        channel: '支付方式',
        remark: '备注',
        submit: '收款%{amount}',
        sending: '提交中…',
        amountRequired: '请输入金额',
        amountPositive: '金额必须大于0',
        amountMost: '本次最多可充%{most}',
        done: '已收款%{amount}：订单%{orderId}',
        /** A recharge of a room without a current tenant: said, not refused (a landlord's top-up is legitimate). */
        vacant: '该房间当前空置（无租户），充值将留在房间账户上'
      },
      order: {
        title: '最近订单',
        commands: '命令进度',
        receipt: '打印小票'
      },
      receipt: {
        dialogTitle: '收据',
        title: '缴费收据',
        paper: '纸张',
        thermal80: '80毫米热敏纸',
        a5: 'A5',
        print: '打印',
        meter: '表号',
        unitPrice: '单价',
        remark: '备注',
        seal: '收款专用章',
        orderId: '订单号',
        room: '房间',
        tenant: '租户',
        utility: '类型',
        amount: '金额',
        capital: '大写金额',
        channel: '支付方式',
        balanceAfter: '充值后余额',
        operator: '操作员',
        time: '时间',
        thanks: '谢谢惠顾，请妥善保管本收据。',
        reprint: '补打',
        reprintTitle: '缴费收据（补打）',
        reprintedAt: '补打时间',
        voided: '本订单已作废',
        reprintAction: '补打收据'
      }
    }
  },
  server: {
    errors: {
      rechargeAmount: '充值金额必须是大于0的整数（单位：分）',
      rechargeMax: '超过单笔充值上限%{max}（RECHARGE_MAX_FEN）',
      hoardLimit: '囤积限额：余额不得超过%{limit}；当前余额%{balance}，本次最多可充%{most}',
      noElectricMeter: '房间%{room}没有电表：请先绑定电表再收电费',
      noWaterMeter: '房间%{room}没有水表：请先绑定水表再收水费',
      waterAccountNotOpened: '房间%{room}的水表账户未开户：请先在水表档案中开户',
      requestReused: '请求%{requestId}已生成订单%{orderId}，但内容不同：新的缴费请重新打开充值对话框',
      orderAlreadyVoid: '订单%{orderId}已作废',
    },
    validation: {
      amountFen: '必须是大于0的整数分（1元=100分）',
      requestId: '必须为8至64位字母、数字或 _ . : -',
    },
  },
};

export default messages;
