/**
 * The example workflows (also the e2e fixtures) are what users copy: they use the version of each of
 * our nodes the editor adds today, so they show the ten-field Simplify, not an old one.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

import { shippedVersions } from './shippedVersions';

const EXAMPLES = join(__dirname, '../../examples');
const newestByType = new Map(Object.values(shippedVersions()).map((node) => [node.type, node.newest]));

const nodes = readdirSync(EXAMPLES)
	.filter((name) => name.endsWith('.json'))
	.flatMap((file) => {
		const workflow = JSON.parse(readFileSync(join(EXAMPLES, file), 'utf8')) as { nodes: Array<{ name: string; type: string; typeVersion: number }> };
		return workflow.nodes.filter((node) => newestByType.has(node.type)).map((node) => ({ file, ...node }));
	});

describe('examples/*.json', () => {
	it('use our nodes', () => {
		expect(new Set(nodes.map((node) => node.type)).size).toBeGreaterThanOrEqual(2);
	});

	it('use the newest version of each of our nodes', () => {
		const old = nodes
			.filter((node) => node.typeVersion !== newestByType.get(node.type))
			.map((node) => `${node.file}: "${node.name}" is ${node.type} version ${node.typeVersion}, the newest is ${newestByType.get(node.type)}`);
		expect(old).toEqual([]);
	});
});
