// Steps in n8n's editor that the browser test files share (playwright-core pages).
import { waitFor } from '../../scripts/lib/wait.mjs';

/** An options parameter: opens its dropdown (again while the panel re-renders) and picks the entry. */
export async function pickOption(page, ndv, parameter, entry) {
	const input = ndv.locator(`[data-test-id=parameter-input-${parameter}]`);
	const option = page.locator('.el-select-dropdown:visible .el-select-dropdown__item').filter({ has: page.getByText(entry, { exact: true }) });
	await waitFor(
		async () => {
			if (!(await option.first().isVisible())) await input.click();
			return option.first().waitFor({ timeout: 2000 }).then(() => true, () => false);
		},
		{ what: `"${entry}" in the ${parameter} dropdown` },
	);
	await option.first().click();
	await waitFor(async () => (await input.locator('input').first().inputValue()) === entry, { what: `${parameter} to read "${entry}"` });
}
