/** English messages of the bindings screens (merged into i18n/en.ts). */
const bindings = {
  server: {
    errors: {
      tenantNotFound: 'The tenant does not exist or is outside your area',
      tenantHasRoom: '%{name} still rents %{rooms}: unbind the room(s) first',
      idNumberTaken: 'This id number is already registered for %{name}',
      bindingNotFound: 'The binding does not exist or is outside your area',
      bindingEnded: 'This binding already ended on %{date}',
      roomOccupied: 'Room %{room} already has a current tenant %{name}: unbind first',
      meterNotFound: 'The meter does not exist or is outside your area',
      meterInOtherRoom: 'Meter %{address} is attached to room %{room}: use "move" to change its room',
      meterAlreadyThere: 'Meter %{address} is already attached to room %{room}',
      meterNotAttached: 'Meter %{address} is not attached to any room',
      roomHasMeter: 'Room %{room} already has meter %{address} of this utility: detach or move it first',
      roomHasMeterNow: 'The room received a meter of this utility meanwhile: reload and check',
    },
    validation: {
      date: 'must be a date (YYYY-MM-DD)',
      dateTooLate: 'may be at most %{days} days ahead',
      dateInFuture: 'cannot be in the future',
      startBeforeLastEnd: 'cannot be before %{date}, when the previous tenant left',
      endBeforeStart: 'cannot be before the binding started (%{date})',
      idNumberFormat: 'must be an 18-character resident id (17 digits and a digit or X)',
      idNumberBirthDate: 'has an impossible birth date',
      idNumberChecksum: 'has a wrong check digit',
      idNumberOther: 'must be 5 to 30 letters, digits, brackets or hyphens',
    },
    bindings: {
      utility: { electric: 'electricity', water: 'water' },
      remark: 'Unbinding of %{name} from room %{room}',
      refunded: '%{utility}: refunded ¥%{amount}',
      collected: '%{utility}: arrears of ¥%{amount} collected',
      settledZero: '%{utility}: balance 0, nothing to settle',
      carriedOver: '%{utility}: balance ¥%{amount} carried over to the next tenant',
      unbound: '%{name} unbound from room %{room}',
      colon: ': ',
      join: '; ',
      noAccounts: ' (the room has no account to settle)',
    },
  },
};

export default bindings;
