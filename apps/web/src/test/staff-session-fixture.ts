/** A session of the event as the back office's API answers it (GET /api/staff/sessions/:id), for web tests. */
import type { StaffEventSession, StaffEventSessionDetail } from '@store/shared/staff-event-sessions';

export const dallasSession: StaffEventSession = {
  id: 4,
  centerId: 2,
  centerName: 'Dallas Center, Texas',
  hall: 'Datta Auditorium',
  address: '4455 Legacy Dr, Frisco, TX 75034',
  startsAt: '2027-05-15T14:00:00.000Z',
  timeZone: 'America/Chicago',
  capacity: 20,
  memorizationCapacity: 8,
  fluentReadingCapacity: null,
  taken: 17,
  availability: 'almost_full',
  archived: false,
  figures: {
    registered: 15,
    placesLeft: 3,
    waitingFamilies: 2,
    waitingPeople: 5,
    offeredFamilies: 1,
    offeredPeople: 2,
    minors: 6,
    adults: 9,
    memorization: 5,
    fluentReading: 4,
  },
};

export const dallasSessionDetail: StaffEventSessionDetail = {
  session: dallasSession,
  registrants: [
    {
      registrationId: 'r1',
      registrationNumber: 'BGM-000042',
      status: 'registered',
      position: 1,
      name: 'Asha Rao',
      age: 40,
      category: 'Memorization',
      ticketId: '6f1c2b7e-3d4a-4b8e-9c1d-2e3f4a5b6c7d',
    },
    {
      registrationId: 'r2',
      registrationNumber: 'BGM-000043',
      status: 'offered',
      position: 1,
      name: 'Meera Shah',
      age: 30,
      category: 'Fluent Reading',
      ticketId: null,
    },
  ],
  registrantCount: 2,
};
