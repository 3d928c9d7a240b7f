/**
 * Rules of n8n's newest `@n8n/eslint-plugin-community-nodes` recommended config that read a node class's
 * own source (docs/lint-rules.md), checked the way each rule reads it (statically, see nodeSources.ts):
 *
 * - require-continue-on-fail (error; every file, not only *.node.ts): the body of `execute()` in an
 *   INodeType class must itself contain a `this.continueOnFail()` call. A call in a function that
 *   execute() reaches (the engine's router) is not seen.
 * - node-operation-error-itemindex (error; *.node.ts): inside execute(), a `new NodeOperationError(…)` or
 *   `new NodeApiError(…)` in a `for` over `items.length` or a `for…of` over `this.getInputData()` (or a
 *   variable holding it) passes an options object literal with `itemIndex` (a non-literal third argument
 *   or a spread is given the benefit of the doubt).
 * - options-sorted-alphabetically (warn) and require-param-default (error; *.node.ts): the parameters the
 *   description writes out as object literals. Ours come from functions (the build's actionNode/loadTime.ts,
 *   polling/…/properties.ts), which the rules do not follow; should a literal parameter appear in a node
 *   file, it is held to both here.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';

import { ROOT, at, descendants, descriptionOf, isNodeTypeClass, isThisCall, methodOf, nodeTypeClasses, parse, property, sourcesUnder, stringValue } from './nodeSources';

const nodeFiles = sourcesUnder('nodes', '.node.ts');
const allNodeSources = sourcesUnder('nodes', '.ts').filter((file) => !file.endsWith('.d.ts'));

describe('require-continue-on-fail', () => {
	test.each(allNodeSources.filter((file) => /implements\s+INodeType\b/.test(readFileSync(join(ROOT, file), 'utf8'))))(
		'%s: every execute() of an INodeType class calls this.continueOnFail() in its own body',
		(file) => {
			const missing = parse(file)
				.statements.filter((statement): statement is ts.ClassDeclaration => ts.isClassDeclaration(statement) && isNodeTypeClass(statement))
				.flatMap((node) => {
					const execute = methodOf(node, 'execute');
					if (!execute?.body) return [];
					return descendants(execute.body).some((inner) => isThisCall(inner, 'continueOnFail')) ? [] : [`${at(execute)}: ${node.name?.text}.execute()`];
				});
			expect(missing).toEqual([]);
		},
	);
});

describe.each(nodeFiles)('%s', (file) => {
	const source = parse(file);

	test('node-operation-error-itemindex: item errors thrown in execute()\'s item loops carry { itemIndex }', () => {
		const problems: string[] = [];
		for (const node of nodeTypeClasses(source)) {
			const execute = methodOf(node, 'execute');
			if (!execute?.body) continue;
			const itemVariables = new Set<string>();
			for (const inner of descendants(execute.body)) {
				if (ts.isVariableDeclaration(inner) && ts.isIdentifier(inner.name) && inner.initializer && isThisCall(inner.initializer, 'getInputData')) itemVariables.add(inner.name.text);
			}
			const lengthOfItems = (expression: ts.Expression) =>
				ts.isPropertyAccessExpression(expression) && expression.name.text === 'length' && ts.isIdentifier(expression.expression) && itemVariables.has(expression.expression.text);
			const isItemLoop = (loop: ts.Node) =>
				(ts.isForStatement(loop) && loop.condition !== undefined && ts.isBinaryExpression(loop.condition) && (lengthOfItems(loop.condition.left) || lengthOfItems(loop.condition.right))) ||
				(ts.isForOfStatement(loop) && ((ts.isIdentifier(loop.expression) && itemVariables.has(loop.expression.text)) || isThisCall(loop.expression, 'getInputData')));
			for (const loop of descendants(execute.body).filter(isItemLoop)) {
				for (const inner of descendants(loop)) {
					if (!ts.isNewExpression(inner) || !ts.isIdentifier(inner.expression) || !['NodeOperationError', 'NodeApiError'].includes(inner.expression.text)) continue;
					const options = inner.arguments?.[2];
					const fine =
						options !== undefined &&
						(!ts.isObjectLiteralExpression(options) ||
							options.properties.some((entry) => ts.isSpreadAssignment(entry)) ||
							options.properties.some((entry) => (ts.isPropertyAssignment(entry) || ts.isShorthandPropertyAssignment(entry)) && entry.name.getText() === 'itemIndex'));
					if (!fine) problems.push(`${at(inner)}: new ${inner.expression.text}(…) without { itemIndex }`);
				}
			}
		}
		expect(problems).toEqual([]);
	});

	test('options-sorted-alphabetically and require-param-default: the parameters the description writes out', () => {
		const problems: string[] = [];
		for (const node of nodeTypeClasses(source)) {
			const description = descriptionOf(node);
			if (!description) continue;
			for (const inner of descendants(description)) {
				if (!ts.isObjectLiteralExpression(inner)) continue;
				const name = stringValue(property(inner, 'name')?.initializer);
				const type = stringValue(property(inner, 'type')?.initializer);
				if (name === null || type === null) continue;
				// A parameter by its shape (name and a known type): it must have a default.
				if (!property(inner, 'default') && !['list', 'url', 'id'].includes(type)) problems.push(`${at(inner)}: parameter ${name} has no default`);
				const options = property(inner, 'options')?.initializer;
				if (type !== 'options' || !options || !ts.isArrayLiteralExpression(options)) continue;
				const names = options.elements.map((option) => (ts.isObjectLiteralExpression(option) ? stringValue(property(option, 'name')?.initializer) : null));
				if (names.some((option) => option === null)) continue;
				const sorted = [...(names as string[])].sort((a, b) => a.localeCompare(b, undefined, { sensitivity: 'base' }));
				if (names.some((option, index) => option !== sorted[index])) problems.push(`${at(options)}: options of ${name} are not sorted: ${sorted.join(', ')}`);
			}
		}
		expect(problems).toEqual([]);
	});
});
