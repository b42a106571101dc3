import type { ApiCalls } from '@smartcare/contract/api-calls';
import type { CallInput, CallResult } from '@smartcare/web-core/typed-api';

/** The telemedicine calls' shapes, read from the contract's table (issue 17). */
type Calls = ApiCalls['telemedicine'];
export type Body<K extends keyof Calls> = CallInput<Calls[K]> extends { body: infer B } ? B : never;
export type Result<K extends keyof Calls> = CallResult<Calls[K]>;

export type Day = Result<'getDay'>;
export type Visit = Result<'getVisit'>;
export type Clinician = Result<'getClinicians'>[number];
export type BookablePatient = Result<'getBookablePatients'>[number];
export type IceServers = Result<'getIceServers'>;
