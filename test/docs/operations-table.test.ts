/**
 * The README's resources-and-operations table is the action node's own list: every operation the
 * build offers is there under its resource, and nothing else (parenthesised notes aside).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { INodePropertyOptions } from 'n8n-workflow';

import { VoiceAssistant } from '../../nodes/VoiceAssistant/VoiceAssistant.node';

const readme = readFileSync(join(__dirname, '../../README.md'), 'utf8');
const withoutNotes = (text: string) => text.replace(/\s*\([^)]*\)/g, '').trim();

function readmeTable(): Record<string, string[]> {
	const rows = readme.split('\n## Operations')[1]?.split('\n\n').find((block) => block.startsWith('| Resource | Operations |'));
	const table: Record<string, string[]> = {};
	for (const row of rows?.split('\n').slice(2) ?? []) {
		const [resource, operations] = row.split('|').slice(1, 3).map((cell) => cell.trim());
		table[withoutNotes(resource)] = withoutNotes(operations)
			.split(',')
			.map((name) => name.trim())
			.sort();
	}
	return table;
}

function builtTable(): Record<string, string[]> {
	const properties = new VoiceAssistant().description.properties;
	const resources = properties.find((property) => property.name === 'resource')?.options as INodePropertyOptions[];
	const table: Record<string, string[]> = {};
	for (const resource of resources) {
		const operation = properties.find((property) => property.name === 'operation' && property.displayOptions?.show?.resource?.includes(resource.value));
		table[resource.name] = ((operation?.options ?? []) as INodePropertyOptions[]).map((option) => option.name).sort();
	}
	return table;
}

describe("the README's operations table", () => {
	it('lists exactly the resources and operations the action node offers', () => {
		expect(readmeTable()).toEqual(builtTable());
	});

	it('states the number of operations the node has', () => {
		const count = Object.values(builtTable()).flat().length;
		expect(readme).toContain(`**${count} operations** on ${Object.keys(builtTable()).length} resources`);
	});
});
