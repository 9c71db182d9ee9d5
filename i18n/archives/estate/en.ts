/** English messages of the estate screens (merged into i18n/en.ts). */
const estate = {
  server: {
    errors: {
      estate: {
        projectNotFound: 'The project does not exist or is outside your area',
        buildingNotFound: 'the building does not exist or is outside your area',
        projectNameTaken: 'A project named %{name} already exists in this area',
        buildingNameTaken: 'This project already has a building named %{name}',
        roomCodeTaken: 'Room %{code} already exists in building %{building}',
        buildingHasRoomsMove: 'The building has %{count} rooms: it cannot move to another project',
        floorsBelowRooms: 'The building has rooms on floor %{floor}: it needs at least %{floor} floors',
        deleteBlocked: '%{name} still holds %{what}: remove them first',
        holds: {
          buildings: '%{count} building(s)', rooms: '%{count} room(s)', meters: '%{count} meter(s)', tenants: '%{count} current tenant(s)',
          balances: '%{count} non-zero balance(s)', modules: '%{count} module(s)', join: ', ',
        },
        importProjectUnknown: 'no project named %{name} in your area',
        importProjectAmbiguous: 'several projects of your area are named %{name}',
        importBuildingUnknown: 'no building named %{name} in project %{project}',
        importBuildingAmbiguous: 'several buildings are named %{name}: add the projectName column',
        importRoomExists: 'room %{code} already exists in building %{building}',
        importRoomUnknown: 'no room %{code} in building %{building}',
        importRoomOccupied: 'room %{code} already has a current tenant',
        importDuplicate: '%{code} repeats line %{row} of the file',
        importTenantExists: 'a tenant with ID number %{idNumber} already exists',
      },
    },
    validation: {
      estate: {
        emptyRow: 'is an empty row',
        patternNumber: 'must contain {n}, {nn} or {nnn} (the room number)',
        patternPlaceholders: 'may use only {floor}, {n}, {nn} and {nnn}',
        rangeOrder: 'must not be below the start of the range',
        bulkMax: 'makes more than 5,000 rooms: create them in several steps',
        floorAbove: 'must be at most %{floors} (the building\'s floors)',
        patternTooLong: 'makes codes longer than %{max} characters',
        idNumber: 'must be 5 to 20 letters or digits',
        buildingForRoom: 'is required with a roomCode',
        roomForBuilding: 'is required with a buildingName',
      },
    },
  },
};

export default estate;
