/* Icons of the menu, by the `icon` name a menu resource carries (SPEC.md section 3). */
import type { SvgIconComponent } from '@mui/icons-material';
import AccessTimeIcon from '@mui/icons-material/AccessTime';
import AccountTreeIcon from '@mui/icons-material/AccountTree';
import AdminPanelSettingsIcon from '@mui/icons-material/AdminPanelSettings';
import ApartmentIcon from '@mui/icons-material/Apartment';
import AutoFixHighIcon from '@mui/icons-material/AutoFixHigh';
import BackupIcon from '@mui/icons-material/Backup';
import BadgeIcon from '@mui/icons-material/Badge';
import BalanceIcon from '@mui/icons-material/Balance';
import BarChartIcon from '@mui/icons-material/BarChart';
import BatteryChargingFullIcon from '@mui/icons-material/BatteryChargingFull';
import BedtimeIcon from '@mui/icons-material/Bedtime';
import BoltIcon from '@mui/icons-material/Bolt';
import BugReportIcon from '@mui/icons-material/BugReport';
import BusinessIcon from '@mui/icons-material/Business';
import CalendarMonthIcon from '@mui/icons-material/CalendarMonth';
import CardGiftcardIcon from '@mui/icons-material/CardGiftcard';
import DashboardIcon from '@mui/icons-material/Dashboard';
import DeleteSweepIcon from '@mui/icons-material/DeleteSweep';
import ElectricBoltIcon from '@mui/icons-material/ElectricBolt';
import ElectricMeterIcon from '@mui/icons-material/ElectricMeter';
import FactCheckIcon from '@mui/icons-material/FactCheck';
import ForumIcon from '@mui/icons-material/Forum';
import GavelIcon from '@mui/icons-material/Gavel';
import GroupsIcon from '@mui/icons-material/Groups';
import HistoryIcon from '@mui/icons-material/History';
import HomeIcon from '@mui/icons-material/Home';
import InsightsIcon from '@mui/icons-material/Insights';
import Inventory2Icon from '@mui/icons-material/Inventory2';
import LinkIcon from '@mui/icons-material/Link';
import ListAltIcon from '@mui/icons-material/ListAlt';
import LocalDrinkIcon from '@mui/icons-material/LocalDrink';
import ManageAccountsIcon from '@mui/icons-material/ManageAccounts';
import ManageSearchIcon from '@mui/icons-material/ManageSearch';
import MeetingRoomIcon from '@mui/icons-material/MeetingRoom';
import MemoryIcon from '@mui/icons-material/Memory';
import NightsStayIcon from '@mui/icons-material/NightsStay';
import OpacityIcon from '@mui/icons-material/Opacity';
import PaymentsIcon from '@mui/icons-material/Payments';
import PieChartIcon from '@mui/icons-material/PieChart';
import PowerOffIcon from '@mui/icons-material/PowerOff';
import PowerSettingsNewIcon from '@mui/icons-material/PowerSettingsNew';
import PriceChangeIcon from '@mui/icons-material/PriceChange';
import ReceiptIcon from '@mui/icons-material/Receipt';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import RedeemIcon from '@mui/icons-material/Redeem';
import ReportProblemIcon from '@mui/icons-material/ReportProblem';
import RequestQuoteIcon from '@mui/icons-material/RequestQuote';
import RouterIcon from '@mui/icons-material/Router';
import ScaleIcon from '@mui/icons-material/Scale';
import ScheduleIcon from '@mui/icons-material/Schedule';
import SettingsIcon from '@mui/icons-material/Settings';
import SettingsInputComponentIcon from '@mui/icons-material/SettingsInputComponent';
import SettingsRemoteIcon from '@mui/icons-material/SettingsRemote';
import SmsIcon from '@mui/icons-material/Sms';
import SpeedIcon from '@mui/icons-material/Speed';
import SummarizeIcon from '@mui/icons-material/Summarize';
import TerminalIcon from '@mui/icons-material/Terminal';
import TimerIcon from '@mui/icons-material/Timer';
import ToggleOnIcon from '@mui/icons-material/ToggleOn';
import TrackChangesIcon from '@mui/icons-material/TrackChanges';
import TuneIcon from '@mui/icons-material/Tune';
import ViewTimelineIcon from '@mui/icons-material/ViewTimeline';
import VolunteerActivismIcon from '@mui/icons-material/VolunteerActivism';
import WaterIcon from '@mui/icons-material/Water';
import WaterDropIcon from '@mui/icons-material/WaterDrop';
import WidgetsIcon from '@mui/icons-material/Widgets';
import DescriptionIcon from '@mui/icons-material/Description';

const ICONS: Record<string, SvgIconComponent> = {
  AccessTime: AccessTimeIcon,
  AccountTree: AccountTreeIcon,
  AdminPanelSettings: AdminPanelSettingsIcon,
  Apartment: ApartmentIcon,
  AutoFixHigh: AutoFixHighIcon,
  Backup: BackupIcon,
  Badge: BadgeIcon,
  Balance: BalanceIcon,
  BarChart: BarChartIcon,
  BatteryChargingFull: BatteryChargingFullIcon,
  Bedtime: BedtimeIcon,
  Bolt: BoltIcon,
  BugReport: BugReportIcon,
  Business: BusinessIcon,
  CalendarMonth: CalendarMonthIcon,
  CardGiftcard: CardGiftcardIcon,
  Dashboard: DashboardIcon,
  DeleteSweep: DeleteSweepIcon,
  ElectricBolt: ElectricBoltIcon,
  ElectricMeter: ElectricMeterIcon,
  FactCheck: FactCheckIcon,
  Forum: ForumIcon,
  Gavel: GavelIcon,
  Groups: GroupsIcon,
  History: HistoryIcon,
  Home: HomeIcon,
  Insights: InsightsIcon,
  Inventory2: Inventory2Icon,
  Link: LinkIcon,
  ListAlt: ListAltIcon,
  LocalDrink: LocalDrinkIcon,
  ManageAccounts: ManageAccountsIcon,
  ManageSearch: ManageSearchIcon,
  MeetingRoom: MeetingRoomIcon,
  Memory: MemoryIcon,
  NightsStay: NightsStayIcon,
  Opacity: OpacityIcon,
  Payments: PaymentsIcon,
  PieChart: PieChartIcon,
  PowerOff: PowerOffIcon,
  PowerSettingsNew: PowerSettingsNewIcon,
  PriceChange: PriceChangeIcon,
  Receipt: ReceiptIcon,
  ReceiptLong: ReceiptLongIcon,
  Redeem: RedeemIcon,
  ReportProblem: ReportProblemIcon,
  RequestQuote: RequestQuoteIcon,
  Router: RouterIcon,
  Scale: ScaleIcon,
  Schedule: ScheduleIcon,
  Settings: SettingsIcon,
  SettingsInputComponent: SettingsInputComponentIcon,
  SettingsRemote: SettingsRemoteIcon,
  Sms: SmsIcon,
  Speed: SpeedIcon,
  Summarize: SummarizeIcon,
  Terminal: TerminalIcon,
  Timer: TimerIcon,
  ToggleOn: ToggleOnIcon,
  TrackChanges: TrackChangesIcon,
  Tune: TuneIcon,
  ViewTimeline: ViewTimelineIcon,
  VolunteerActivism: VolunteerActivismIcon,
  Water: WaterIcon,
  WaterDrop: WaterDropIcon,
  Widgets: WidgetsIcon,
};

/** The names a menu resource's `icon` may take (the menu editor's icon picker). */
export const MENU_ICON_NAMES = Object.keys(ICONS);

/** The icon named by a menu resource; unknown or empty names get a neutral page icon. */
export const iconByName = (name?: string | null): SvgIconComponent => (name && ICONS[name]) || DescriptionIcon;
