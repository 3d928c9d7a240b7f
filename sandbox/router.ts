/** A minimal method + path router: patterns like `/api/user/leads/:id`. */
import type { Handler } from './http';

interface Route {
	method: string;
	regex: RegExp;
	keys: string[];
	handler: Handler;
}

export type Match =
	| { kind: 'found'; handler: Handler; params: Record<string, string> }
	| { kind: 'method-not-allowed'; allowed: string[] }
	| { kind: 'not-found' };

export class Router {
	private routes: Route[] = [];

	add(method: string, pattern: string, handler: Handler): this {
		const keys: string[] = [];
		const source = pattern
			.split('/')
			.map((part) => {
				if (!part.startsWith(':')) return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
				keys.push(part.slice(1));
				return '([^/]+)';
			})
			.join('/');
		this.routes.push({ method: method.toUpperCase(), regex: new RegExp(`^${source}$`), keys, handler });
		return this;
	}

	match(method: string, path: string): Match {
		const allowed: string[] = [];
		for (const route of this.routes) {
			const m = route.regex.exec(path);
			if (!m) continue;
			if (route.method !== method) {
				allowed.push(route.method);
				continue;
			}
			const params: Record<string, string> = {};
			route.keys.forEach((key, i) => (params[key] = decodeURIComponent(m[i + 1])));
			return { kind: 'found', handler: route.handler, params };
		}
		return allowed.length ? { kind: 'method-not-allowed', allowed } : { kind: 'not-found' };
	}
}
