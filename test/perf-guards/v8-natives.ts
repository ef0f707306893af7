/**
 * V8's own answers about how it lays out an object, for the tests that hold the engine's hot values to
 * the fast layouts: whether an object keeps its properties in fast mode (hidden-class layout) rather than
 * as a dictionary, whether an array holds small integers (Smi elements) rather than doubles, and
 * whether an object is still in the young generation. These
 * are natives syntax, allowed for functions compiled after the flag is set, so each check is compiled
 * from source text.
 */
import { setFlagsFromString } from 'node:v8';

setFlagsFromString('--allow-natives-syntax');
/* eslint-disable no-new-func -- natives syntax is compiled from source text, so only a Function can hold it */
export const hasFastProperties = new Function('o', 'return %HasFastProperties(o)') as (o: object) => boolean;
export const hasSmiElements = new Function('a', 'return %HasSmiElements(a)') as (a: object) => boolean;
export const inYoungGeneration = new Function('o', 'return %InYoungGeneration(o)') as (o: object) => boolean;
/* eslint-enable no-new-func */
