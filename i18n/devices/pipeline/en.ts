/** Messages of issue 11's pipeline part (en), merged into i18n/en.ts. */
const pipeline = {
  server: {
    errors: {
      keepSupplyTrip: 'the keep-supply lock is on for these meters (release it first): %{addresses}',
      payloadNotForType: 'is not used by command %{type}',
      parameterSetNotFound: 'no %{setKind} parameter set with this id in your area',
    },
  },
};

export default pipeline;
