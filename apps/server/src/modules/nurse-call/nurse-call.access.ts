import type { TopicAccess } from '../../plugins/broker/broker-acl.ts';

export interface ChosenHospital {
  /** The hospital the patient has chosen now (it may change after login). */
  chosenHospital(patientIdx: number): Promise<number | null>;
}

/** The nurse-call topics as declared to the broker: the ward board and each patient's calls. */
export function nurseCallTopicAccess(patients: ChosenHospital): {
  nurseCalling: TopicAccess<'nurseCalling'>;
  nurseCallingPatient: TopicAccess<'nurseCallingPatient'>;
} {
  return {
    nurseCalling: {
      async may(principal, action, topic) {
        // The board lists every patient's calls: a patient may only post to it, never read it.
        if (principal.kind === 'patient')
          return action === 'publish' && topic.hospitalIdx === (await patients.chosenHospital(principal.idx));
        // Calls are acknowledged and completed over REST (validated, audited): staff only read.
        return action === 'subscribe' && topic.hospitalIdx === principal.hospitalIdx;
      },
    },
    nurseCallingPatient: {
      may: async (principal, action, topic) =>
        principal.kind === 'patient' &&
        action === 'subscribe' &&
        topic.patientIdx === principal.idx &&
        topic.hospitalIdx === (await patients.chosenHospital(principal.idx)),
      patientOf: async (topic) => topic.patientIdx,
    },
  };
}
