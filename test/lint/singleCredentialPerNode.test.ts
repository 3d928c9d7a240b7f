/**
 * n8n's `single-credential-per-node` rule (newest `@n8n/eslint-plugin-community-nodes`, recommended, error;
 * not yet in the 0.32.0 that `npm run lint` runs), read the way the rule reads a node file:
 *
 * - every class in a `*.node.ts` file that implements INodeType (a VersionedNodeType is skipped by the rule),
 *   whose `description` is an object literal (class field, or assigned in the constructor);
 * - its `credentials` must be an array literal; with two or more entries, every pair must be told apart
 *   by `displayOptions.show` alone (`hide` is not read): some parameter both show, with no value in common;
 * - a show key counts only when the file spells it (`accountKind`, `'accountKind'`): a computed key such as
 *   `[ACCOUNT_KIND]` is known only at run time, so the rule drops that condition;
 * - a value counts when the file alone gives it: a literal, a `const` of this file with a literal value, a
 *   member of an enum of this file, or members of one imported object (different members differ). One value
 *   the rule cannot read drops the whole condition;
 * - a parameter of type `multiOptions` in the description's literal `properties` never separates two credentials.
 *
 * n8n's community package scan lints with inline configuration off, so an eslint-disable comment does not
 * exempt a node there: the node files must satisfy the rule. Beyond the rule, every `credentials` array a
 * node file writes (also inside a function, e.g. the webhook trigger's describeVersion, which the rule skips)
 * is held to the same, and each show key must name the Account Kind parameter (shared/accountKind.ts) or
 * `@version`, so the spelled-out key cannot drift from the constant the code reads.
 */
import ts from 'typescript';

import { arrayLiteral, at, descendants, descriptionOf, keyName, nodeTypeClasses, objectLiteral, parse, property, sourcesUnder, stringValue } from './nodeSources';

type Value = { kind: 'literal'; text: string } | { kind: 'member'; binding: string; member: string };

/** The file's own `const NAME = <literal>` and `enum E { M = <literal> }`, and the names it imports. */
function fileScope(source: ts.SourceFile) {
	const constants = new Map<string, string>();
	const enums = new Map<string, Map<string, string>>();
	const imported = new Set<string>();
	for (const statement of source.statements) {
		if (ts.isVariableStatement(statement) && statement.declarationList.flags & ts.NodeFlags.Const) {
			for (const declaration of statement.declarationList.declarations) {
				const literal = declaration.initializer && literalText(declaration.initializer);
				if (ts.isIdentifier(declaration.name) && literal) constants.set(declaration.name.text, literal);
			}
		}
		if (ts.isEnumDeclaration(statement)) {
			const members = new Map<string, string>();
			for (const member of statement.members) {
				const literal = member.initializer && literalText(member.initializer);
				const name = ts.isIdentifier(member.name) || ts.isStringLiteral(member.name) ? member.name.text : undefined;
				if (name && literal) members.set(name, literal);
			}
			enums.set(statement.name.text, members);
		}
		if (ts.isImportDeclaration(statement) && statement.importClause && !statement.importClause.isTypeOnly) {
			const { name, namedBindings } = statement.importClause;
			if (name) imported.add(name.text);
			if (namedBindings && ts.isNamespaceImport(namedBindings)) imported.add(namedBindings.name.text);
			if (namedBindings && ts.isNamedImports(namedBindings)) for (const element of namedBindings.elements) imported.add(element.name.text);
		}
	}
	return { constants, enums, imported };
}
type Scope = ReturnType<typeof fileScope>;

function literalText(expression: ts.Expression): string | undefined {
	if (ts.isStringLiteral(expression) || ts.isNoSubstitutionTemplateLiteral(expression)) return `string:${expression.text}`;
	if (ts.isNumericLiteral(expression)) return `number:${Number(expression.text)}`;
	if (expression.kind === ts.SyntaxKind.TrueKeyword) return 'boolean:true';
	if (expression.kind === ts.SyntaxKind.FalseKeyword) return 'boolean:false';
	return undefined;
}

function valueOf(expression: ts.Expression, scope: Scope): Value | null {
	const literal = literalText(expression);
	if (literal) return { kind: 'literal', text: literal };
	if (ts.isIdentifier(expression) && scope.constants.has(expression.text)) return { kind: 'literal', text: scope.constants.get(expression.text)! };
	if (ts.isPropertyAccessExpression(expression) && ts.isIdentifier(expression.expression)) {
		const owner = expression.expression.text;
		const member = expression.name.text;
		const fromEnum = scope.enums.get(owner)?.get(member);
		if (fromEnum) return { kind: 'literal', text: fromEnum };
		if (scope.imported.has(owner)) return { kind: 'member', binding: owner, member };
	}
	return null;
}

function differ(left: Value, right: Value): boolean {
	if (left.kind === 'literal' && right.kind === 'literal') return left.text !== right.text;
	return left.kind === 'member' && right.kind === 'member' && left.binding === right.binding && left.member !== right.member;
}

/** The show conditions of one credential entry the rule can read: parameter name → its values. */
function showConditions(entry: ts.Expression, scope: Scope): { conditions: Map<string, Value[]>; unread: string[] } {
	const conditions = new Map<string, Value[]>();
	const unread: string[] = [];
	const credential = ts.isObjectLiteralExpression(entry) ? entry : undefined;
	const displayOptions = credential && property(credential, 'displayOptions');
	const options = displayOptions && ts.isObjectLiteralExpression(displayOptions.initializer) ? displayOptions.initializer : undefined;
	if (options && property(options, 'hide')) unread.push('`hide` (the rule reads `show` only)');
	const show = options && property(options, 'show');
	if (!show || !ts.isObjectLiteralExpression(show.initializer)) return { conditions, unread };
	for (const condition of show.initializer.properties) {
		if (!ts.isPropertyAssignment(condition) || !ts.isArrayLiteralExpression(condition.initializer)) continue;
		const name = keyName(condition.name);
		if (name === null) {
			unread.push(`key ${condition.name.getText()} (computed: known only at run time)`);
			continue;
		}
		const values = condition.initializer.elements.map((element) => valueOf(element, scope));
		if (values.length === 0 || values.some((value) => value === null)) {
			unread.push(`values of ${name} (not literals, constants or enum members of this file)`);
			continue;
		}
		conditions.set(name, values as Value[]);
	}
	return { conditions, unread };
}

/** Parameters of type multiOptions in the description's literal `properties` (never separate two credentials). */
function multiOptionNames(description: ts.ObjectLiteralExpression | undefined): Set<string> {
	const names = new Set<string>();
	const properties = description && property(description, 'properties');
	if (!properties || !ts.isArrayLiteralExpression(properties.initializer)) return names;
	for (const element of properties.initializer.elements) {
		if (!ts.isObjectLiteralExpression(element) || stringValue(property(element, 'type')?.initializer) !== 'multiOptions') continue;
		const name = stringValue(property(element, 'name')?.initializer);
		if (name) names.add(name);
	}
	return names;
}

/** What is wrong with one credentials array, one line per pair the rule cannot tell apart. */
function problemsOf(credentials: ts.ArrayLiteralExpression, scope: Scope, multiOptions: Set<string>): string[] {
	const entries = credentials.elements;
	if (entries.length < 2) return [];
	const read = entries.map((entry) => showConditions(entry, scope));
	const label = (index: number) => {
		const entry = entries[index];
		const name = ts.isObjectLiteralExpression(entry) ? property(entry, 'name')?.initializer.getText() : entry.getText();
		return `credential ${index + 1} (${name})`;
	};
	const problems: string[] = [];
	for (let left = 0; left < entries.length - 1; left++) {
		for (let right = left + 1; right < entries.length; right++) {
			const exclusive = [...read[left].conditions].some(([name, leftValues]) => {
				if (multiOptions.has(name)) return false;
				const rightValues = read[right].conditions.get(name);
				return rightValues !== undefined && leftValues.every((l) => rightValues.every((r) => differ(l, r)));
			});
			if (exclusive) continue;
			const unread = [left, right].flatMap((index) => read[index].unread.map((what) => `${label(index)}: ${what}`));
			problems.push(
				`${at(credentials)}: ${label(left)} and ${label(right)} are not told apart by statically readable displayOptions.show` +
					(unread.length > 0 ? `; unread: ${unread.join('; ')}` : ''),
			);
		}
	}
	return problems;
}

/** The rule's reading of one file: a line per INodeType class whose credentials it would report. */
function ruleProblems(source: ts.SourceFile): string[] {
	const scope = fileScope(source);
	const problems: string[] = [];
	for (const node of nodeTypeClasses(source)) {
		const description = descriptionOf(node);
		if (!description) continue;
		const credentials = property(description, 'credentials');
		if (!credentials) continue;
		if (!ts.isArrayLiteralExpression(credentials.initializer)) {
			problems.push(`${at(credentials)}: credentials is not an array literal (the rule skips it; write the array in the description)`);
			continue;
		}
		problems.push(...problemsOf(credentials.initializer, scope, multiOptionNames(description)));
	}
	return problems;
}

const nodeFiles = sourcesUnder('nodes', '.node.ts');

describe('the reader, on written-out nodes', () => {
	const node = (prelude: string, credentials: string, properties = '[]') =>
		ts.createSourceFile(
			'Fixture.node.ts',
			`${prelude}\nexport class Fixture implements INodeType {\n\tdescription: INodeTypeDescription = { name: 'fixture', credentials: ${credentials}, properties: ${properties} };\n}`,
			ts.ScriptTarget.Latest,
			true,
			ts.ScriptKind.TS,
		);
	const pair = (left: string, right: string) => `[{ name: 'aApi', displayOptions: ${left} }, { name: 'bApi', displayOptions: ${right} }]`;

	test.each([
		['literal keys and values', '', pair("{ show: { accountKind: ['classic'] } }", "{ show: { accountKind: ['platform2'] } }")],
		['quoted keys', '', pair("{ show: { 'accountKind': ['classic'] } }", "{ show: { ['accountKind']: ['platform2'] } }")],
		['constants of the file', "const A = 'classic';\nconst B = 'platform2';", pair('{ show: { accountKind: [A] } }', '{ show: { accountKind: [B] } }')],
		['an enum of the file', "enum Kind { A = 'classic', B = 'platform2' }", pair('{ show: { accountKind: [Kind.A] } }', '{ show: { accountKind: [Kind.B] } }')],
		['members of one import', "import { Kind } from './kind';", pair('{ show: { accountKind: [Kind.A] } }', '{ show: { accountKind: [Kind.B] } }')],
		['one credential', '', "[{ name: 'aApi', required: true }]"],
	])('passes: %s', (_name, prelude, credentials) => {
		expect(ruleProblems(node(prelude, credentials))).toEqual([]);
	});

	test.each([
		['no displayOptions', '', "[{ name: 'aApi' }, { name: 'bApi' }]"],
		['a computed key', "import { KIND } from './kind';", pair("{ show: { [KIND]: ['classic'] } }", "{ show: { [KIND]: ['platform2'] } }")],
		['hide instead of show', '', pair("{ hide: { accountKind: ['platform2'] } }", "{ show: { accountKind: ['platform2'] } }")],
		['an imported constant as value', "import { CLASSIC, PLATFORM2 } from './kind';", pair('{ show: { accountKind: [CLASSIC] } }', '{ show: { accountKind: [PLATFORM2] } }')],
		['a shared value', '', pair("{ show: { accountKind: ['classic', 'platform2'] } }", "{ show: { accountKind: ['platform2'] } }")],
		['different parameters', '', pair("{ show: { accountKind: ['classic'] } }", "{ show: { mode: ['platform2'] } }")],
	])('fails: %s', (_name, prelude, credentials) => {
		expect(ruleProblems(node(prelude, credentials))).toHaveLength(1);
	});

	test('fails: a multiOptions parameter never separates two credentials', () => {
		const properties = "[{ displayName: 'Kinds', name: 'kinds', type: 'multiOptions', options: [], default: [] }]";
		expect(ruleProblems(node('', pair("{ show: { kinds: ['a'] } }", "{ show: { kinds: ['b'] } }"), properties))).toHaveLength(1);
	});
});

/** The Account Kind parameter's name, as shared/accountKind.ts declares it (found by its export, wherever the file now is). */
let accountKind: string | undefined;
function accountKindName(): string {
	if (accountKind) return accountKind;
	for (const file of sourcesUnder('nodes', '.ts')) {
		const source = parse(file);
		for (const statement of source.statements) {
			if (!ts.isVariableStatement(statement) || !statement.modifiers?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword)) continue;
			for (const declaration of statement.declarationList.declarations) {
				if (ts.isIdentifier(declaration.name) && declaration.name.text === 'ACCOUNT_KIND') {
					const name = stringValue(declaration.initializer);
					if (name) return (accountKind = name);
				}
			}
		}
	}
	throw new Error('no `export const ACCOUNT_KIND = …` with a string literal under nodes/');
}

test('there are node files to check', () => {
	expect(nodeFiles.length).toBeGreaterThanOrEqual(3);
});

describe.each(nodeFiles)('%s', (file) => {
	const source = parse(file);
	const scope = fileScope(source);

	test('each INodeType class shows its credentials by mutually exclusive, statically readable displayOptions.show (as the rule reads it)', () => {
		expect(ruleProblems(source)).toEqual([]);
	});

	test('every credentials array the file writes (also in functions the rule skips) is told apart the same way', () => {
		const problems: string[] = [];
		for (const node of descendants(source)) {
			if (!ts.isPropertyAssignment(node) || keyName(node.name) !== 'credentials') continue;
			const branches = ts.isConditionalExpression(node.initializer) ? [node.initializer.whenTrue, node.initializer.whenFalse] : [node.initializer];
			for (const branch of branches) {
				const credentials = arrayLiteral(branch);
				if (!credentials) {
					problems.push(`${at(branch)}: credentials is not an array literal`);
					continue;
				}
				const description = objectLiteral(node.parent as ts.Expression);
				problems.push(...problemsOf(credentials, scope, multiOptionNames(description)));
			}
		}
		expect(problems).toEqual([]);
	});

	test('a credential show key names the Account Kind parameter or @version', () => {
		const allowed = new Set([accountKindName(), '@version']);
		const keys: string[] = [];
		for (const node of descendants(source)) {
			if (!ts.isPropertyAssignment(node) || keyName(node.name) !== 'credentials') continue;
			for (const inner of descendants(node.initializer)) {
				if (!ts.isPropertyAssignment(inner) || keyName(inner.name) !== 'show' || !ts.isObjectLiteralExpression(inner.initializer)) continue;
				for (const condition of inner.initializer.properties) {
					if (!ts.isPropertyAssignment(condition)) continue;
					const name = keyName(condition.name);
					if (name === null || !allowed.has(name)) keys.push(`${at(condition)}: ${condition.name.getText()}`);
				}
			}
		}
		expect(keys).toEqual([]);
	});
});
