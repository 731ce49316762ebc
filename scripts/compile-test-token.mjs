// Compiles tests/fixtures/chain/TestToken.sol with solc-js (the npm package solc) into
// tests/fixtures/chain/test-token.json (ABI and creation bytecode), which the chain watcher tests
// deploy on a local anvil chain (docs/decisions/058). Run again after changing the source:
//   node scripts/compile-test-token.mjs
import { readFileSync, writeFileSync } from 'node:fs';
import solc from 'solc';

const dir = new URL('../tests/fixtures/chain/', import.meta.url);
const source = readFileSync(new URL('TestToken.sol', dir), 'utf8');
const output = JSON.parse(
  solc.compile(
    JSON.stringify({
      language: 'Solidity',
      sources: { 'TestToken.sol': { content: source } },
      settings: { optimizer: { enabled: true, runs: 200 }, outputSelection: { '*': { '*': ['abi', 'evm.bytecode.object'] } } },
    }),
  ),
);
const errors = (output.errors ?? []).filter((e) => e.severity === 'error');
if (errors.length > 0) throw new Error(errors.map((e) => e.formattedMessage).join('\n'));
const contract = output.contracts['TestToken.sol'].TestToken;
writeFileSync(
  new URL('test-token.json', dir),
  `${JSON.stringify({ compiler: `solc-js ${solc.version()}`, abi: contract.abi, bytecode: `0x${contract.evm.bytecode.object}` }, null, 2)}\n`,
);
console.log(`test-token.json written (${contract.evm.bytecode.object.length / 2} bytes of bytecode, ${solc.version()})`);
