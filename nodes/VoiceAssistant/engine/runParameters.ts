import { deepCopy } from 'n8n-workflow';
import type { IExecuteFunctions, INode } from 'n8n-workflow';

/**
 * A parameter's value for one item, read once per run when it cannot differ between items.
 *
 * n8n's getNodeParameter costs the same for a fixed value as for an expression: it walks the node's
 * whole description to find the shown property and validate the value against it, once per call. This
 * node describes several thousand properties, so 1,000 items reading five fixed parameters spent more
 * time there than in sending their leads (bench P11). A parameter whose stored value holds no
 * expression (no string starting with "=") resolves to the same value for every item, so it is read
 * through n8n once and handed out as a copy; expressions are still resolved by n8n for each item.
 * A read that throws is not remembered: n8n's error names the item that asked.
 * The node itself (getNode() is a deep copy each time) is taken once per run for the same reason.
 */
export interface ParameterOptions {
	extractValue?: boolean;
}

type Reader = (name: string, itemIndex: number, fallback: unknown, options?: ParameterOptions) => unknown;

export interface RunParameters {
	node: INode;
	read: Reader;
}

/** n8n builds one execute context per run of a node, so the cache lives and dies with it. */
const runs = new WeakMap<IExecuteFunctions, RunParameters>();

export function runParameters(ctx: IExecuteFunctions): RunParameters {
	let run = runs.get(ctx);
	if (!run) {
		run = { node: ctx.getNode(), read: cachingReader(ctx) };
		runs.set(ctx, run);
	}
	return run;
}

const ABSENT = Symbol('absent');

function cachingReader(ctx: IExecuteFunctions): Reader {
	const fixed = new Map<string, boolean>();
	const values = new Map<string, { value: unknown }>();
	const isFixed = (name: string, itemIndex: number): boolean => {
		let answer = fixed.get(name);
		if (answer === undefined) {
			const raw = ctx.getNodeParameter(name, itemIndex, ABSENT, { rawExpressions: true }) as unknown;
			// an absent parameter goes through n8n each time: its fallback differs between callers
			answer = raw !== ABSENT && !holdsExpression(raw);
			fixed.set(name, answer);
		}
		return answer;
	};
	return (name, itemIndex, fallback, options) => {
		const read = () => ctx.getNodeParameter(name, itemIndex, fallback, options) as unknown;
		if (!isFixed(name, itemIndex)) return read();
		const key = options?.extractValue ? `${name}\u0000extract` : name;
		let entry = values.get(key);
		if (!entry) {
			entry = { value: read() };
			values.set(key, entry);
		}
		return copyOf(entry.value);
	};
}

function holdsExpression(value: unknown): boolean {
	if (typeof value === 'string') return value.startsWith('=');
	if (Array.isArray(value)) return value.some(holdsExpression);
	if (value !== null && typeof value === 'object') return Object.values(value).some(holdsExpression);
	return false;
}

/** Each item gets its own copy: an operation may change what it was handed. */
function copyOf(value: unknown): unknown {
	return value !== null && typeof value === 'object' ? deepCopy(value as object) : value;
}
