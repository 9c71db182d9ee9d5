import { useDataProvider } from 'react-admin';
import type { MeteringDataProvider } from '../../../data/dataProvider';

export const RESOURCE = 'userJiaofei';
export type Utility = 'electric' | 'water';

/** A room found by the search (account/findRooms). */
export interface FoundRoom {
  roomId: number;
  roomCode: string;
  floor: number;
  buildingId: number;
  buildingName: string | null;
  projectId: number;
  projectName: string | null;
  tenantId: number | null;
  tenantName: string | null;
  tenantPhone: string | null;
  electricBalanceFen: number | null;
  waterBalanceFen: number | null;
}

/** One side of a room (account/findByRoom). */
export interface AccountSide {
  roomId: number;
  accountId: number | null;
  utility: Utility;
  balanceFen: number | null;
  freeLeft: number | null;
  overdraftFen: number | null;
  alarm1Fen: number | null;
  alarm2Fen: number | null;
  hoardLimitFen: number | null;
  saleCount: number | null;
  meterId: number | null;
  meterAddress: string | null;
  relayState?: string | null;
  valveState?: string | null;
  online: boolean | null;
  accountOpened: boolean;
  /** The current tenancy: the ledger shown starts at its first line (account/ledger's default). */
  tenancy?: { bindingId: number; tenantName: string | null; startDate: string; openingFen: number } | null;
}

export interface Order {
  id: number;
  orderId: string;
  roomId: number;
  roomCode: string | null;
  buildingName: string | null;
  projectName: string | null;
  tenantName: string | null;
  tenantPhone: string | null;
  utility: Utility;
  amountFen: number;
  channel: Channel;
  operatorName: string | null;
  /** The operator's account name (the receipt in a language other than Chinese shows it). */
  operatorAccount?: string | null;
  meterAddress?: string | null;
  /** Water: per m³; electric: a single-rate table's price (null for time-of-use or tiered tables). */
  unitPriceFen?: number | null;
  priceTableName?: string | null;
  requestId: string | null;
  orderStatus: number;
  remark: string | null;
  createdAt: string;
  balanceAfterFen: number | null;
}

/** Who issues the receipts (RECEIPT_* settings of the server; nulls when unset). */
export interface ReceiptIssuer { company: string | null; address: string | null; phone: string | null; sealUrl: string | null }

export interface RechargeAnswer { order: Order; account: AccountSide; commandIds: number[] }

export interface LedgerEntry {
  id: number;
  kind: string;
  amountFen: number;
  balanceAfterFen: number;
  /** What the entry refers to (`recharge_order`: refId is the order number, whose receipt can be printed again). */
  refType?: string | null;
  refId: string | null;
  operatorName: string | null;
  remark: string | null;
  createdAt: string;
  /** An online payment's provider, transaction number and state (issue 41); null for every other entry. */
  payProvider?: 'wechat' | 'alipay' | null;
  transactionId?: string | null;
  payStatus?: string | null;
}

/** The counter's channels (gift and calibration are not payments: the server refuses them). */
export const CHANNELS = ['cash', 'wechat', 'alipay', 'card'] as const;
export type Channel = (typeof CHANNELS)[number];
/** Quick amounts of the recharge dialog, in yuan. */
export const QUICK_YUAN = [50, 100, 200, 500] as const;
/** The server's default per-order maximum (RECHARGE_MAX_FEN): the dialog's own check; the server has the last word. */
export const RECHARGE_MAX_FEN = 5_000_000;
/** Ledger entries each account shows. */
export const LEDGER_ROWS = 6;

/**
 * A request id for one opening of the recharge dialog: every submit and retry of that dialog sends
 * it, so the server credits once. crypto.getRandomValues works outside secure contexts too.
 */
export function newRequestId(): string {
  const bytes = new Uint8Array(10);
  crypto.getRandomValues(bytes);
  return `pay-${Date.now().toString(36)}-${[...bytes].map((b) => b.toString(16).padStart(2, '0')).join('')}`;
}

/** Arrears: a negative balance; cut off at or below −overdraft. */
export const inArrears = (side: AccountSide) => side.balanceFen !== null && side.balanceFen < 0;
export const cutOff = (side: AccountSide) => side.balanceFen !== null && side.balanceFen <= -(side.overdraftFen ?? 0);

/** The screen's calls. */
export function usePaymentCalls() {
  const dataProvider = useDataProvider<MeteringDataProvider>();
  return {
    findRooms: (q: string) => dataProvider.invoke<FoundRoom[]>(RESOURCE, 'findRooms', { q }),
    accounts: (roomId: number) => dataProvider.invoke<AccountSide[]>(RESOURCE, 'accounts', { roomId }),
    recharge: (body: { roomId: number; utility: Utility; amountFen: number; channel: Channel; requestId: string; remark?: string | null }) =>
      dataProvider.invoke<RechargeAnswer>(RESOURCE, 'recharge', body),
    ledger: (accountId: number) => dataProvider.invoke<{ records: LedgerEntry[]; total: number }>(RESOURCE, 'ledger', { accountId, pageNum: 1, pageSize: LEDGER_ROWS }),
    receiptIssuer: () => dataProvider.invoke<ReceiptIssuer>(RESOURCE, 'receiptIssuer', {}),
    /** An order as its receipt shows it, to print it again (the same answer as the recharge's). */
    receipt: (orderId: string) => dataProvider.invoke<Order>(RESOURCE, 'receipt', { orderId }),
    openWaterAccount: (meterId: number) => dataProvider.invoke<{ opened: number }>(RESOURCE, 'openWaterAccount', { ids: [meterId] }),
  };
}
