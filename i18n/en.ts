import englishMessages from 'ra-language-english';
import { mergeCatalog } from './merge';
import type { DeepStrings } from './types';
import estate from './archives/estate/en';
import bindings from './archives/bindings/en';
import accounts from './archives/accounts/en';
import protocol from './devices/protocol/en';
import pipeline from './devices/pipeline/en';
import supply from './devices/supply/en';
import modules from './devices/modules/en';
import basicTemplates from './basic/templates/en';
import areaDefaults from './basic/areaDefaults/en';
import meters from './devices/meters/en';
import homeDashboard from './home/dashboard/en';
import systemAdmin from './system/admin/en';
import statsOrders from './statistics/orders/en';
import statsReadings from './statistics/readings/en';
import statsSms from './statistics/sms/en';
import specialAssign from './special/assign/en';
import systemMaintenance from './system/maintenance/en';
import systemGrants from './system/grants/en';
import specialCalibration from './special/calibration/en';
import specialPreset from './special/preset/en';
import serverFields from './server/fields/en';
import serverNames from './server/names/en';
import statsPayments from './statistics/payments/en';
import paysim from './payments/paysim/en';
import tenantServer from './tenant/server/en';
import tenantOperator from './tenant/operator/en';

/** English: the fallback language, and the shape every other language must match key for key. */
const base = {
  ...englishMessages,
  // react-admin's "Element created / updated / deleted" reads oddly to operators.
  ra: {
    ...englishMessages.ra,
    notification: {
      ...englishMessages.ra.notification,
      created: 'Record created',
      updated: 'Record updated |||| %{smart_count} records updated',
      deleted: 'Record deleted |||| %{smart_count} records deleted',
    },
  },
  app: {
    rangeCapped: '%{offsetBegin}-%{offsetEnd} of %{total}+',
    rangeCappedHint: 'More than %{total} rows match: narrow the filters to count them exactly',
    name: 'Prepaid Cloud Platform',
    version: 'Version %{version}',
    loading: 'Loading…',
    language: 'Language',
    logout: 'Log out',
    pending: 'This screen is not yet available',
    pendingHint: '“%{title}” is part of the platform and is being built. The menu entry, permissions and the route already work.',
    backHome: 'Back to home',
    notFound: 'Page not found',
    notFoundHint: 'The address %{path} does not match any page of the console.',
    home: 'Home',
    yes: 'Yes',
    no: 'No',
    none: '—',
    actions: 'Actions',
    refreshing: 'Refreshing…',
    noOptions: 'Nothing matches',
  },
  layout: { emptyMenu: 'No side menu', untitledMenu: 'Untitled menu' },
  shell: {
    fullscreen: 'Full screen',
    exitFullscreen: 'Exit full screen',
    toggleMenu: 'Collapse or expand the menu',
    tempMenu: 'Temporary menu',
    changePassword: 'Change password',
    logout: 'Log out',
  },
  alarm: {
    tooltip: 'Device communication failures',
    title: 'Device communication failures',
    titleCount: 'Device communication failures (%{count})',
    exportTitle: 'Device communication failure details',
    roomCode: 'Room no.',
    deviceAddress: 'Device address',
    deviceType: 'Device type',
    electricMeter: 'Electric meter',
    waterMeter: 'Water meter',
    module: 'Module',
    live: 'Live updates on',
    polling: 'Live updates down: refreshed every 30 minutes',
    empty: 'No device with a communication failure',
    requestFailed: 'Data request failed',
    export: 'Export',
    openRoom: 'Open the room',
  },
  password: {
    title: 'Change password',
    userName: 'User name',
    old: 'Current password',
    new: 'New password',
    confirm: 'Confirm new password',
    tooShort: 'The password must be longer than 6 characters!',
    mismatch: 'The two passwords differ, please check!',
    success: 'Password changed, please log in again!',
  },
  logout: {
    title: 'Log out',
    confirm: 'Log out the current user?',
    cancelled: 'Log out cancelled',
  },
  idle: {
    title: 'Session timed out',
    message: 'The login has timed out.',
    confirm: 'OK',
    giveUp: 'Give up',
  },
  search: {
    which: { smsmanage: 'SMS templates and manual sending', duanxinfasong: 'Records of the automatic notices', caozuojilu: 'What operators did (audit log)', rizhi: 'Device command log' },
    placeholder: 'Search the menu',
    empty: 'No menu entry matches',
    hint: '↑ ↓ to choose, Enter to open, Esc to close; press s anywhere to search',
  },
  settings: {
    title: 'Interface settings',
    theme: 'Theme',
    themes: { classic: 'Classic', violet: 'Violet', chester: 'Chester', simpleLine: 'Simple line', meteor: 'Meteor', darkBlue: 'Dark blue editor' },
    colour: 'Theme colour',
    reset: 'Reset',
    size: 'Element size',
    sizes: { small: 'Small', default: 'Default', large: 'Large' },
    transition: 'Page transition',
    asideCollapsed: 'Collapse the side menu',
  },
  tabs: {
    // Which of two screens sharing SPEC's title a tab is (短信发送记录 · 自动通知).
    which: { duanxinfasong: 'automatic notices', smsmanage: 'templates & sending', caozuojilu: 'operators', rizhi: 'device commands' },
    label: 'Opened pages',
    closeCurrent: 'Close',
    closeLeft: 'Close tabs to the left',
    closeRight: 'Close tabs to the right',
    closeOthers: 'Close other tabs',
    closeAll: 'Close all tabs',
    more: 'Tab actions',
    untitled: 'Untitled',
    invalid: 'Invalid operation',
  },
  languages: { 'zh-chs': '简体中文', 'zh-cht': '繁體中文', en: 'English', ja: '日本語' },
  menuGroups: {
    home: 'Home', archives: 'Archives', devices: 'Devices', special: 'Special functions',
    basic: 'Basic parameters', statistics: 'Statistics and analysis', system: 'System management',
  },
  routes: {
    index_water: 'Home (electricity)', index: 'Home (water)', sysuser: 'Administrators', sysresourse: 'Menu management',
    page3: 'Demo', userJiaofei: 'User payment', tongduankongzhi: 'On/off control', dianbiaoshishijilu: 'Meter query',
    mokuaiguanli: 'Module management', dianbiaoguanli: 'Meter management', waterarchive: 'Water meter archive',
    waterstate: 'Water meter status', waterswitch: 'Water meter switch', zhongjianbiao: 'Room binding',
    chongzhijiaozhun: 'Recharge calibration', TimedOnOffControl: 'Timed control settings', jiaozhunshijian: 'Time calibration',
    basicUserParameters: 'User parameter settings', yuzhidianliang: 'Preset energy', nightset: 'Night low-power settings',
    kongzhiset: 'Control parameter settings', fuzaiset: 'Load parameter settings', fangjianguanli: 'Room management',
    fenquguanli: 'Project overview', project: 'Project management', jianzhuguanli: 'Building management',
    userbangding: 'User binding', userdangan: 'User archive', dsshijianduan: 'Timed periods',
    dstongduancanshu: 'Timed on/off parameters', gonglvcanshu: 'Power parameters', kongzhicanshu: 'Control parameters',
    fuzaicanshu: 'Load parameters', night: 'Night low-power limit', mianfeidianzscs: 'Free-electricity gift parameters',
    danjiabiao: 'Unit price table', chaobiao: 'Room electricity statistics', MeterReadingRecordDetails: 'Electric meter reading records',
    continuitytable: 'Power-cut records', chaobiao_water: 'Water meter reading records', chongzhidingdan: 'Recharge order statistics',
    chongzhiwater: 'Water recharge orders', chongzhihuizong: 'Recharge summary', chongzhijiaozhunjilu: 'Recharge calibration records',
    duanxinfasong: 'SMS send records', guzhang: 'Fault records', mfdianzengyu: 'Free electricity gift records',
    waterfree: 'Free water gift records', smsmanage: 'SMS send records', monthly_order: 'Multi-rate monthly settlement',
    room_billing_statement: 'Room settlement statistics', room_billing_details: 'Room settlement details',
    preset_power_record: 'Preset energy records', tuxingbaobiao: 'Graphic reports', bumen: 'Permission management',
    caozuojilu: 'Operation records', rizhi: 'Operation records', shanchuchaobiaojilu: 'Deleted meter-reading records',
    shujukubeifen: 'Database backup', log: 'Front-end log', refresh: 'Refresh', login: 'Log in',
  },
  auth: {
    title: 'Sign in to the console',
    username: 'Account',
    password: 'Password',
    submit: 'Sign in',
    signingIn: 'Signing in…',
    credentials: 'Wrong account or password, please check',
    failed: 'Sign-in failed, please try again later',
    demoHint: 'Demo accounts: admin, admin2, viewer',
  },
  http: {
    400: 'Request error',
    401: 'Unauthorized, please log in',
    403: 'Access denied',
    404: 'Request address error: %{url}',
    408: 'Request timeout',
    500: 'Internal server error',
    501: 'Service not implemented',
    502: 'Gateway error',
    503: 'Service unavailable',
    504: 'Gateway timeout',
    505: 'HTTP version not supported',
    network: 'Network error: the server cannot be reached',
    unknown: 'Request failed (%{status})',
  },
  commands: {
    states: { queued: 'Queued', sent: 'Sent', succeeded: 'Succeeded', failed: 'Failed', expired: 'Expired' },
    progress: '%{done} of %{total} done: %{succeeded} succeeded, %{failed} failed',
    queued: '%{smart_count} command queued |||| %{smart_count} commands queued',
    nothingToDo: 'Every selected meter is already in that state',
    title: 'Command progress',
    batchTitle: '%{action}: %{count} device |||| %{action}: %{count} devices',
    devices: 'Devices of this action',
    deviceAddress: 'Device address',
    roomCode: 'Room no.',
    state: 'State',
    reason: 'Reason',
    moreRows: 'and %{smart_count} more device |||| and %{smart_count} more devices',
    retryFailed: 'Retry the %{smart_count} failed |||| Retry the %{smart_count} failed',
    reasons: {
      no_reply: 'The device did not answer', no_path: 'No communication module: the device cannot be reached',
      device_error: 'The device refused the command', unsupported: 'The device does not support this command',
      deadline: 'Not done before its deadline', ok: 'Done',
    },
  },
  pickers: {
    project: 'Project', building: 'Building', room: 'Room', module: 'Module', from: 'From', to: 'To', ranges: { today: 'Today', thisWeek: 'This week', thisMonth: 'This month', lastMonth: 'Last month', custom: 'Custom…' },
    /** The date fields (components/pickers/DayField.tsx): the form when empty, a typed value that is not one, the calendar button. */
    placeholder: { day: 'yyyy-mm-dd', month: 'yyyy-mm', minute: 'yyyy-mm-dd hh:mm' },
    invalid: { day: 'Enter a date as 2026-11-01', month: 'Enter a month as 2026-11', minute: 'Enter a time as 2026-11-01 08:30' },
    openCalendar: 'Open the calendar',
  },
  bulk: {
    /** Records counted, for a screen whose records have no counted name of their own (resources.<name>.count). */
    records: '%{smart_count} record |||| %{smart_count} records',
    /** Selected records beyond those named one by one (components/bulk/SelectedMeters.tsx). */
    notListed: '… and %{count} more',
    /** A remote write on the selected meters: its scope's heading and count (not the list's filters). */
    selectedScope: 'Scope (the meters selected):',
    selected: '%{count} selected',
    scope: 'Scope (the list\'s current filters):',
    wholeArea: 'The whole area: no filter is set',
    colon: ': ',
    counting: 'Counting the meters concerned…',
    nothing: 'No meter matches: there is nothing to do.',
    typeCount: 'This cuts supply to %{count} meters: type %{count} to confirm',
    typeCountHint: 'Switching power or valves, or the keep-supply lock, on more than %{above} devices is confirmed by typing the count',
  },
  delete: {
    title: 'Delete %{name} %{record}',
    question: 'Delete %{name} %{record}?',
    bulkTitle: 'Delete %{count}',
    bulkQuestion: 'Delete the %{count} selected?',
    attached: 'This record still carries money or history: |||| %{smart_count} of these records still carry money or history:',
    more: 'and %{smart_count} more',
    historyKept: 'Readings stay with their room, and the operation log keeps the deleted record as it was.',
    typeToConfirm: 'Type %{expected} to confirm',
    impact: {
      account: 'account open', balance: 'balance %{amount}', tenant: 'tenant %{name}',
      readings: '%{smart_count} reading |||| %{smart_count} readings', separator: ': ', join: ', ',
    },
  },
  record: {
    back: 'Back to the list',
    discardTitle: 'Unsaved changes',
    discard: 'Leave this page and lose the changes you have not saved?',
  },
  fields: { createdAt: 'Created', remark: 'Remark' },
  csv: { exported: 'Exported %{count} rows' },
  exports: { csv: 'Export CSV', xlsx: 'Export Excel' },
  resources: {
    waterarchive: {
      name: 'Water meter |||| Water meters',
      count: '%{smart_count} water meter |||| %{smart_count} water meters',
      fields: {
        id: 'ID', address: 'Meter address', meterType: 'Type', roomId: 'Room', roomCode: 'Room no.', buildingId: 'Building',
        buildingName: 'Building', projectId: 'Project', projectName: 'Project', tenantName: 'Tenant', tenantPhone: 'Phone',
        moduleId: 'Module', priceFen: 'Price (yuan/m³)', valveState: 'Valve', batteryLow: 'Battery', online: 'Online',
        accountOpened: 'Account', freeAllowance: 'Free allowance (m³)', lastReading: 'Last reading (m³)', lastReadAt: 'Read at',
        remark: 'Remark', createdAt: 'Created', q: 'Search',
      },
    },
  },
  water: {
    meterType: { cold: 'Cold water', hot: 'Hot water' },
    valve: { open: 'Open', closed: 'Closed', abnormal: 'Abnormal' },
    battery: { low: 'Low', ok: 'Normal' },
    online: { true: 'Online', false: 'Offline' },
    account: { opened: 'Opened', notOpened: 'Not opened' },
    addressHelp: '14 digits (CJ/T 188)',
    price: 'Unit price (yuan/m³)',
    zeroPrice: 'A price of ¥0 means free water: confirm it below',
    zeroPriceConfirm: 'Yes, the price is ¥0 (free water)',
    roomHelp: 'Type a room no., tenant or phone; only rooms without a water meter are listed',
    moduleHelp: 'The module the meter communicates through; without one the meter is offline',
    actions: {
      openAccounts: 'Open accounts',
      openAccountsConfirm: 'Open a water account for the %{smart_count} selected meter? |||| Open water accounts for the %{smart_count} selected meters?',
      openAccountsDone: 'Accounts opened: %{opened}; already open: %{alreadyOpen}; without room: %{withoutRoom}',
      openValve: 'Open valve',
      closeValve: 'Close valve',
      openValveConfirm: 'Open the valve of meter %{address} (room %{room})?',
      openValveConfirmNoRoom: 'Open the valve of meter %{address}?',
      closeValveConfirm: 'Close the valve of meter %{address} (room %{room})? The room gets no water until it is opened again.',
      closeValveConfirmNoRoom: 'Close the valve of meter %{address}? The room gets no water until it is opened again.',
      valveAll: 'Valves in bulk',
      valveAllOpen: 'Open the valves of the listed meters',
      valveAllClose: 'Close the valves of the listed meters',
      valveAllOpenConfirm: 'Send an open-valve command to %{count} whose valve is not open?',
      valveAllCloseConfirm: 'Send a close-valve command to %{count} whose valve is not closed? Their rooms get no water until they are opened again.',
      freeReset: 'Reset free water',
      freeResetTitle: 'Reset the free water allowance of the listed meters',
      freeResetConfirm: 'Set this period\'s free water allowance of %{count} to the amount below? A gift record is written for each.',
      freeAmount: 'Free water allowance (m³)',
      freeAmountInvalid: 'Enter an amount from 0 to %{max} m³ with at most 2 decimals',
      freeResetHint: 'Amount in m³ for the current period (0 clears it)',
      freeResetDone: 'Free water set to %{amount} m³ for %{count} meters',
      unbound: 'Rooms without a water meter',
    },
    record: {
      state: 'Meter state',
      recentReadings: 'Latest readings',
      noReadings: 'No reading yet',
      readAt: 'Read at',
      total: 'Total (m³)',
      consumption: 'Used (m³)',
      cost: 'Cost (yuan)',
    },
  },
  validation: {
    decimals: 'Enter a number with at most %{decimals} decimals',
    money: 'Enter an amount in yuan with at most 2 decimals',
    moneyMax: 'The amount may be at most %{max}',
    waterAddress: 'Must be 14 digits',
    required: 'Required',
    passwordLength: 'The password must be longer than 6 characters!',
  },
  server: {
    login: {
      ok: 'Signed in',
      credentials: 'Wrong account or password, please check',
      locked: 'Too many failed sign-ins: try again in %{minutes} minutes',
      disabled: 'This account is disabled',
    },
    errors: {
      commandNotForDevice: 'The command “%{type}” does not apply to %{kind}',
      devicesNotFound: 'These meters do not exist or are outside your area: %{ids}',
      unauthorized: 'Not signed in or the session has expired',
      readOnly: 'This account is read-only',
      notFound: 'Request address error: %{url}',
      internal: 'Internal server error',
      recordNotFound: 'The record does not exist or is outside your area',
      roleNotFound: 'The role does not exist or is outside your area',
      roomNotFound: 'The room does not exist or is outside your area',
      parentNotFound: 'The parent menu does not exist',
      parentIsSelf: 'A menu cannot be its own parent',
      rootResource: 'The root menu cannot be deleted',
      hasChildren: 'Delete the sub-menus first',
      areaOutOfScope: 'That area is outside your scope',
      userNameTaken: 'The account name %{userName} is already in use',
      cannotDisableSelf: 'You cannot disable your own account',
      cannotDeleteSelf: 'You cannot delete your own account',
      notOwnAccount: 'You can only change your own password',
      oldPasswordWrong: 'The old password is wrong',
      roomHasWaterMeter: 'The room already has water meter %{address}',
      addressTaken: 'Meter address %{address} is already registered',
      scopeRequired: 'Say which meters: set a filter, or choose the whole area explicitly (scope: all)',
      scopeChanged: 'The selection changed meanwhile: %{count} meters match now instead of %{expected}; confirm again',
      deleteNeedsConfirm: '%{count} of these meters still carry an account, a tenant or readings: type %{expected} to confirm the deletion',
      nothingToRetry: 'None of these commands failed: nothing to retry',
      integrity: 'The record conflicts with existing data (it may have been changed meanwhile); reload and try again',
      dataRange: 'A value is out of the range the database accepts',
      upgradeRequired: 'This address is the websocket of live updates: connect with a websocket',
      dbUnavailable: 'The database cannot be reached at the moment; please try again shortly',
      busy: 'The server is busy: please try again in a moment',
      tooManyAttempts: 'Too many attempts: try again in %{minutes} minutes',
      platformOnly: 'Only a platform administrator may change the shared menu',
      moduleNotFound: 'The module does not exist or is outside your area',
      badToken: 'The token contains characters a token never has',
      bodyTooLarge: 'The request body is too large',
    },
    validation: {
      filterEmpty: 'must set at least one filter (or send scope: all)',
      required: 'required',
      type: 'must be %{expected}',
      min: 'must be at least %{min}',
      max: 'must be at most %{max}',
      minLength: 'must have at least %{min} characters',
      maxLength: 'must have at most %{max} characters',
      oneOf: 'must be one of %{values}',
      format: 'has a wrong format',
      invalid: 'is invalid',
      waterAddress: 'must be 14 digits',
      electricAddress: 'must be 12 digits',
      userName: 'may contain letters, digits and _ . @ - only',
      phone: 'is not a phone number',
      number: 'must be a number',
      integer: 'must be a whole number',
      boolean: 'must be true or false',
      idList: 'must be a list of record ids (1 to 2147483647), comma-separated',
      sortField: 'must be a column name (letters, digits, _ and .)',
      nul: 'must not contain a NUL character',
      contentType: 'the request body must be sent as %{expected}',
      json: 'is not valid JSON',
      object: 'must be a JSON object',
      form: 'is not a valid form-encoded body',
      resUrl: 'must be a route path of the console (or empty for a placeholder)',
    },
  },
};

/** The catalog: the base above, and the archives group's screens in files of their own. */
const en = mergeCatalog(base, estate, bindings, accounts, protocol, pipeline, supply, modules, meters, systemAdmin, basicTemplates, areaDefaults, homeDashboard, statsOrders, specialAssign, specialCalibration, specialPreset, statsSms, systemGrants, statsReadings, systemMaintenance, serverFields, serverNames, statsPayments, paysim, tenantServer, tenantOperator);

export default en;

/** The messages outside the slices (what each language's own file holds). */
export type BaseMessages = DeepStrings<typeof base>;
/** The message tree every language provides in full. */
export type Messages = DeepStrings<typeof en>;
