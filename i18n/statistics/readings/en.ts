/** Messages of the reading records, room usage, recharge summary and deleted readings screens (issues 31 and 33) (en), merged into i18n/en.ts. */
const place = { projectName: 'Project', buildingName: 'Building', roomCode: 'Room no.', meterAddress: 'Meter address' };

const readings = {
  resources: {
    MeterReadingRecordDetails: {
      fields: {
        ...place, readAt: 'Read at', read: 'Read', total: 'Total (kWh)', sharp: 'Sharp (kWh)', peak: 'Peak (kWh)', flat: 'Flat (kWh)', valley: 'Valley (kWh)',
        voltage: 'Voltage (V)', current: 'Current (A)', powerKw: 'Power (kW)', consumption: 'Used (kWh)', costFen: 'Charged (yuan)', billed: 'Charged',
      },
    },
    chaobiao_water: {
      fields: { ...place, readAt: 'Read at', read: 'Read', total: 'Total (m³)', consumption: 'Used (m³)', costFen: 'Charged (yuan)', billed: 'Charged' },
    },
    shanchuchaobiaojilu: {
      fields: {
        ...place, utility: 'Utility', readAt: 'Read at', read: 'Read', total: 'Total (kWh / m³)', consumption: 'Used (kWh / m³)', costFen: 'Charged (yuan)',
        deletedAt: 'Deleted at', deleted: 'Deleted', deletedByName: 'Deleted by', deleteReason: 'Reason', refundedFen: 'Refunded (yuan)', recount: 'Recounted',
      },
    },
    chaobiao: {
      fields: { ...place, period: 'Day / month', usage: 'Used (kWh)', costFen: 'Charged (yuan)', readings: 'Readings', read: 'Read', granularity: 'Per' },
    },
    chongzhihuizong: {
      fields: {
        group: { day: 'Day', month: 'Month', channel: 'Channel', operator: 'Operator', project: 'Project' },
        key: 'Group', count: 'Orders', amountFen: 'Recharged (yuan, void excluded)', voidCount: 'Void orders', voidAmountFen: 'Voided (yuan)',
        energy: 'Energy', groupBy: 'Summed by', created: 'Paid', utility: 'Utility', channel: 'Channel',
      },
    },
  },
  stats: {
    readings: {
      totals: { readings: 'Readings', usage: 'Used', charged: 'Charged', refunded: 'Refunded', rooms: 'Rooms', groups: 'Rows', orders: 'Orders', recharged: 'Recharged', voidOrders: 'Void orders', voided: 'Voided' },
      granularity: { day: 'Day', month: 'Month' },
      chart: {
        period: { day: 'day', month: 'month' },
        usage: 'Electricity used per %{period}',
        usageLabel: 'Used (kWh)',
        summary: 'Recharged per %{group}',
        summaryLabel: 'Recharged (yuan)',
        empty: 'Nothing to draw for these filters',
        failed: 'The chart could not be loaded: %{message}',
      },
      unassigned: 'None',
      delete: {
        action: 'Delete reading',
        title: 'Delete the reading of %{time}',
        explain: 'The reading leaves the lists, statistics and statements and moves to the deleted meter-reading records, from where it can be restored.',
        meter: 'Meter',
        room: 'Room',
        reading: 'Reading',
        charged: 'This reading charged',
        notCharged: 'This reading charged nothing: no money moves.',
        refund: 'Refund the charge (%{amount}) and count the readings after it again from the one before it',
        keep: 'Keep the charge: the reading still counts (its usage stays charged) and nothing else changes',
        previewing: 'Working out what a refund changes…',
        previewFailed: 'What a refund changes could not be worked out: %{message}',
        choose: 'Choose whether the charge is refunded',
        reason: 'Reason',
        reasonHelp: 'Kept on the deleted reading, the refund entry and the operation log',
        reasonRequired: 'Give a reason for deleting',
        confirm: 'Delete',
        done: 'Reading deleted',
        doneRefund: 'Reading deleted; %{amount} refunded, the balance is now %{balance}',
      },
      recount: {
        explain: 'The readings after it are counted again from the reading before it:',
        none: 'No reading after it changes.',
        line: 'used %{usedBefore} → %{usedAfter} %{unit}, charged %{costBefore} → %{costAfter}',
        free: '%{amount} %{unit} of free allowance go back to the account',
        net: 'Refund %{refund}; net to the account with the corrections: %{net}',
        cell: '%{smart_count} reading, %{net} |||| %{smart_count} readings, %{net}',
        netShort: 'net',
      },
      restore: {
        action: 'Restore',
        title: 'Restore the reading of %{time}',
        explain: 'The reading stands again in the lists, statistics and statements.',
        recharge: 'Its deletion refunded %{amount}: that amount is charged to the room\'s account again.',
        noMoney: 'Its deletion refunded nothing: no money moves.',
        recount: 'Its deletion recounted %{smart_count} reading after it: it is counted back as it was (net to the account with the charge-back: %{net}). |||| Its deletion recounted %{smart_count} readings after it: they are counted back as they were (net to the account with the charge-back: %{net}).',
        confirm: 'Restore',
        done: 'Reading restored',
      },
      purge: {
        action: 'Purge',
        title: 'Purge the reading of %{time} for good',
        explain: 'The reading is removed for good and cannot be restored. Its ledger entries stay, and the operation log keeps the whole reading.',
        confirm: 'Purge',
        done: 'Reading purged',
      },
    },
  },
  server: {
    errors: {
      readingAlreadyDeleted: 'Reading %{id} is already deleted: nothing was changed',
      readingNotDeleted: 'Reading %{id} is not deleted: restore and purge apply only to deleted readings',
      readingNoAccount: 'The reading\'s room has no account of this utility: its charge cannot be refunded (delete it keeping the charge)',
      readingNoPrice: 'The meter has no price table: the readings after this one cannot be charged again (set a price table first, or delete it keeping the charge)',
    },
  },
};

export default readings;
