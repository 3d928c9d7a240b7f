/**
 * Static reading of the node sources, for the checks in test/lint that stand in for rules of n8n's
 * newest `@n8n/eslint-plugin-community-nodes` recommended config (docs/lint-rules.md). Those rules
 * read a node file's syntax tree only: they never run the file, follow an import or call a function. So
 * these checks parse each file with the TypeScript compiler and never import a node: what a rule cannot
 * see in the file itself, they do not see either.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';

export const ROOT = join(__dirname, '../..');

/** Every file under a folder of the package whose name ends with `suffix`, as paths from the package root. */
export function sourcesUnder(folder: string, suffix: string): string[] {
	const found: string[] = [];
	const walk = (dir: string) => {
		for (const entry of readdirSync(dir, { withFileTypes: true })) {
			const path = join(dir, entry.name);
			if (entry.isDirectory()) walk(path);
			else if (entry.name.endsWith(suffix)) found.push(relative(ROOT, path));
		}
	};
	walk(join(ROOT, folder));
	return found.sort();
}

export function parse(file: string): ts.SourceFile {
	return ts.createSourceFile(file, readFileSync(join(ROOT, file), 'utf8'), ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
}

/** Where a syntax node stands, for failure messages: `file:line`. */
export function at(node: ts.Node): string {
	const source = node.getSourceFile();
	return `${source.fileName}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}`;
}

/** Every node of the tree below `root` (root included), depth first. */
export function descendants(root: ts.Node): ts.Node[] {
	const all: ts.Node[] = [];
	const visit = (node: ts.Node) => {
		all.push(node);
		ts.forEachChild(node, visit);
	};
	visit(root);
	return all;
}

/**
 * The name a property key stands for when the file alone tells it: `name`, `'name'`, `['name']` and a
 * template without substitutions. A computed key such as `[ACCOUNT_KIND]` is known only at run time:
 * null, as the rules have it (their getPropertyKeyName).
 */
export function keyName(name: ts.PropertyName): string | null {
	if (ts.isIdentifier(name) || ts.isStringLiteral(name) || ts.isNumericLiteral(name) || ts.isNoSubstitutionTemplateLiteral(name)) return name.text;
	if (ts.isComputedPropertyName(name)) {
		const inner = name.expression;
		if (ts.isStringLiteral(inner) || ts.isNoSubstitutionTemplateLiteral(inner) || ts.isNumericLiteral(inner)) return inner.text;
	}
	return null;
}

/** The property of an object literal with that (statically readable) name. */
export function property(object: ts.ObjectLiteralExpression, name: string): ts.PropertyAssignment | undefined {
	return object.properties.find((entry): entry is ts.PropertyAssignment => ts.isPropertyAssignment(entry) && keyName(entry.name) === name);
}

/** Looks through `x as T`, `x satisfies T`, `<T>x`, `x!` and parentheses, as the rules do for a description. */
export function unwrap(expression: ts.Expression): ts.Expression {
	let current = expression;
	while (
		ts.isAsExpression(current) ||
		ts.isSatisfiesExpression(current) ||
		ts.isTypeAssertionExpression(current) ||
		ts.isNonNullExpression(current) ||
		ts.isParenthesizedExpression(current)
	) {
		current = current.expression;
	}
	return current;
}

export function objectLiteral(expression: ts.Expression | undefined): ts.ObjectLiteralExpression | undefined {
	if (!expression) return undefined;
	const inner = unwrap(expression);
	return ts.isObjectLiteralExpression(inner) ? inner : undefined;
}

export function arrayLiteral(expression: ts.Expression | undefined): ts.ArrayLiteralExpression | undefined {
	if (!expression) return undefined;
	const inner = unwrap(expression);
	return ts.isArrayLiteralExpression(inner) ? inner : undefined;
}

/**
 * A node type class as the rules recognise one: it `implements INodeType`, or extends a class named
 * `Node`. A class that extends VersionedNodeType is neither (n8n's rules skip it).
 */
export function isNodeTypeClass(node: ts.ClassDeclaration): boolean {
	for (const clause of node.heritageClauses ?? []) {
		for (const type of clause.types) {
			if (!ts.isIdentifier(type.expression)) continue;
			if (clause.token === ts.SyntaxKind.ImplementsKeyword && type.expression.text === 'INodeType') return true;
			if (clause.token === ts.SyntaxKind.ExtendsKeyword && type.expression.text === 'Node') return true;
		}
	}
	return false;
}

export function nodeTypeClasses(source: ts.SourceFile): ts.ClassDeclaration[] {
	return source.statements.filter((statement): statement is ts.ClassDeclaration => ts.isClassDeclaration(statement) && isNodeTypeClass(statement));
}

/**
 * The class's description object literal: the initialiser of its `description` field, or else what
 * its constructor assigns to `this.description` (the layout the rules read). Undefined when the
 * description is built by a call or comes from elsewhere.
 */
export function descriptionOf(node: ts.ClassDeclaration): ts.ObjectLiteralExpression | undefined {
	for (const member of node.members) {
		if (ts.isPropertyDeclaration(member) && keyName(member.name) === 'description') {
			const value = objectLiteral(member.initializer);
			if (value) return value;
		}
	}
	const constructor = node.members.find(ts.isConstructorDeclaration);
	for (const statement of constructor?.body?.statements ?? []) {
		if (!ts.isExpressionStatement(statement) || !ts.isBinaryExpression(statement.expression)) continue;
		const { left, operatorToken, right } = statement.expression;
		if (
			operatorToken.kind === ts.SyntaxKind.EqualsToken &&
			ts.isPropertyAccessExpression(left) &&
			left.expression.kind === ts.SyntaxKind.ThisKeyword &&
			left.name.text === 'description'
		) {
			const value = objectLiteral(right);
			if (value) return value;
		}
	}
	return undefined;
}

/** The class's method with that name (`execute`, `poll`, …). */
export function methodOf(node: ts.ClassDeclaration, name: string): ts.MethodDeclaration | undefined {
	return node.members.find((member): member is ts.MethodDeclaration => ts.isMethodDeclaration(member) && keyName(member.name) === name);
}

/** A call `this.<name>(…)`. */
export function isThisCall(node: ts.Node, name: string): node is ts.CallExpression {
	return (
		ts.isCallExpression(node) &&
		ts.isPropertyAccessExpression(node.expression) &&
		node.expression.expression.kind === ts.SyntaxKind.ThisKeyword &&
		node.expression.name.text === name
	);
}

/** The string value of a string literal (or template without substitutions), else null. */
export function stringValue(expression: ts.Expression | undefined): string | null {
	if (!expression) return null;
	const inner = unwrap(expression);
	return ts.isStringLiteral(inner) || ts.isNoSubstitutionTemplateLiteral(inner) ? inner.text : null;
}
