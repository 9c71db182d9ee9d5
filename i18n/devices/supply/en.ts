/**
 * Messages of issue 40's supply part (en), merged into i18n/en.ts: what a mass action leaves out and
 * why (server/domain/supply.ts), the count confirmation above the mass threshold and the opt-in of a
 * restore to accounts in arrears (the bulk kit, src/components/bulk/).
 */
const supply = {
  bulk: {
    allLeftOut: 'Nothing to do for these meters.',
    typeCountRestore: 'This restores supply to %{count} meters: type %{count} to confirm',
    typeCountLock: 'This changes the keep-supply lock of %{count} meters: type %{count} to confirm',
    leftOut: 'Left out: %{reasons}.',
    leftOutJoin: '; ',
    leftOutReasons: {
      alreadyInState: '%{count} already %{state}',
      keepSupply: '%{count} with the keep-supply lock on (release it first)',
      inArrears: '%{count} in arrears',
    },
    states: {
      trip: 'off',
      direct_close: 'on',
      close_allowed: 'on or close-allowed',
      keep_supply_on: 'kept on',
      keep_supply_off: 'not kept on',
      valve_open: 'open',
      valve_close: 'closed',
    },
    arrears: {
      note: '%{count} of them are in arrears (balance below the overdraft limit): the next charge cuts them off again.',
      include: 'Restore the %{count} in arrears too',
      reason: 'Reason',
      reasonHelp: 'Restoring supply to accounts in arrears needs a reason; it is kept in the operation log',
      reasonMissing: 'Give a reason (2 characters at least)',
    },
  },
  server: {
    errors: {
      supply: {
        countRequired: '%{count} devices, more than %{above}: confirm the count by sending %{count}',
        countDiffers: '%{count} devices now instead of %{expected}: confirm again',
        arrearsRestoreOnly: 'only a restore (direct close, close allowed, valve open) can include accounts in arrears',
        reasonRequired: 'restoring supply to accounts in arrears needs a reason',
        nothingLeft: 'Nothing to do: %{reasons}',
        join: '; ',
        already: 'these meters are already %{state}: %{addresses}',
        states: {
          trip: 'off',
          direct_close: 'on',
          close_allowed: 'on or close-allowed',
          keep_supply_on: 'kept on',
          keep_supply_off: 'not kept on',
          valve_open: 'open',
          valve_close: 'closed',
        },
        inArrears: 'these meters\' accounts are in arrears (balance below the overdraft limit), so supply stays off; to restore it anyway, choose "restore those in arrears too" and give a reason: %{addresses}',
      },
    },
  },
};

export default supply;
