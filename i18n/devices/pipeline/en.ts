/** Messages of issue 11's pipeline part (en), merged into i18n/en.ts. */
const pipeline = {
  server: {
    errors: {
      keepSupplyTrip: 'the keep-supply lock is on for these meters (release it first): %{addresses}',
      payloadNotForType: 'is not used by the command “%{type}”',
      parameterSetNotFound: 'no such %{setKind} in your area',
    },
  },
};

export default pipeline;
