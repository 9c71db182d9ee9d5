import type { RaRecord } from 'react-admin';
import type { StateStyle } from '../../../components/list/columns';
import type { Choice } from '../../../components/list/filters';
import { ORDER_STATUS } from '../../../../common/states';
import type { EnergyBasis } from '../../../../common/rechargeEnergy';

/** A recharge order as `webStatsanalysisOrder/findRechargeOrderByParams` answers it. */
export interface RechargeOrder extends RaRecord {
  orderId: string; utility: 'electric' | 'water'; roomId: number; roomCode: string | null; buildingName: string | null; projectName: string | null;
  tenantName: string | null; tenantPhone: string | null; amountFen: number;
  /** kWh (electric) or m³ (water) at the meter's price; an estimate for time-of-use and tiered tables (`energyBasis`, common/rechargeEnergy.ts). */
  energy: number | null; energyBasis?: EnergyBasis | null;
  channel: string; operatorName: string | null;
  orderStatus: number; remark: string | null; createdAt: string; voidedAt: string | null;
  /** The account's balance now (fen). */
  balanceFen: number | null;
  /** An online payment's provider side (issue 41): its transaction, state and what was refunded; null for the counter's orders. */
  transactionId?: string | null;
  payStatus?: 'pending' | 'paid' | 'credited' | 'closed' | 'refunding' | 'refunded' | 'conflict' | null;
  refundedFen?: number | null;
}

/** An order paid online (WeChat Pay, Alipay by QR code): given back by a refund, never voided. */
export const isOnline = (order: Pick<RechargeOrder, 'payStatus'>) => order.payStatus !== null && order.payStatus !== undefined;

export const CHANNELS = ['cash', 'wechat', 'alipay', 'card', 'gift', 'calibration'] as const;

export const CHANNEL: Record<string, StateStyle> = {
  cash: { label: 'stats.channels.cash', color: 'default' },
  wechat: { label: 'stats.channels.wechat', color: 'success' },
  alipay: { label: 'stats.channels.alipay', color: 'info' },
  card: { label: 'stats.channels.card', color: 'primary' },
  gift: { label: 'stats.channels.gift', color: 'warning' },
  calibration: { label: 'stats.channels.calibration', color: 'default' },
};

export const STATUS: Record<string, StateStyle> = {
  [ORDER_STATUS.void]: { label: 'stats.orderStatus.0', color: 'default' },
  [ORDER_STATUS.paid]: { label: 'stats.orderStatus.1', color: 'info' },
  [ORDER_STATUS.written]: { label: 'stats.orderStatus.2', color: 'success' },
  [ORDER_STATUS.failed]: { label: 'stats.orderStatus.3', color: 'error' },
};

export const choicesOf = (states: Record<string, StateStyle>): Choice[] => Object.entries(states).map(([id, style]) => ({ id, name: style.label }));
