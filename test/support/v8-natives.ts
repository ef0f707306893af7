/**
 * V8's own answer to whether an object keeps its properties in fast mode (hidden-class layout) rather
 * than as a dictionary: the tests that hold the engine's hot objects to fast mode ask it this way.
 * %HasFastProperties is natives syntax, allowed for functions compiled after the flag is set, so the
 * check is compiled from source text.
 */
import { setFlagsFromString } from 'node:v8';

setFlagsFromString('--allow-natives-syntax');
// eslint-disable-next-line no-new-func -- natives syntax is compiled from source text, so only a Function can hold it
export const hasFastProperties = new Function('o', 'return %HasFastProperties(o)') as (o: object) => boolean;
