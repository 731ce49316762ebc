import { expect, test } from '@playwright/test';
import { signUpInBrowser } from './support.js';

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAgAAAAGCAYAAAD+Bd/7AAAAPklEQVR4AYSLsQkAIBADw09hZeMa9q7kag5j7xZaJTxf+IEjEC5WZ78/DEkk7HHg4U8Ch9gS2irwUJTAIfYDAAD//w7UzhYAAAAGSURBVAMAvzIaleTUmUwAAAAASUVORK5CYII=', 'base64');

test('dropped upload', async ({ page }) => {
  await signUpInBrowser(page);
  await page.goto('/#/kyc');
  await page.getByLabel('ID Type').selectOption('passport');
  await page.getByLabel('ID Number').fill('P123');
  await page.getByLabel('Address').fill('a');
  await page.getByLabel('City').fill('b');
  const big = Buffer.alloc(600 * 1024); PNG.copy(big);
  await page.getByLabel('Front of ID').setInputFiles({ name: 'front-big.png', mimeType: 'image/png', buffer: big });
  await page.getByLabel('Back of ID').setInputFiles({ name: 'back-big.png', mimeType: 'image/png', buffer: big });
  await page.route('**/api/kyc', (route) => (route.request().method() === 'POST' ? route.abort('connectionreset') : route.continue()));
  await page.getByRole('button', { name: 'Submit for verification' }).click();
  await page.waitForTimeout(2000);
  console.log('alerts', await page.getByRole('alert').allTextContents());
  console.log('idnum', await page.getByLabel('ID Number').inputValue());
});
