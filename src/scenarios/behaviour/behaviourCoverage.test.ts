import path from 'node:path';
import { findScenarioFiles, loadScenario } from '../scenarioFiles';
import { behaviourCoverage, behaviourItems } from './behaviourCoverage';

// Every flow and error branch of docs/behaviour.md is exercised by a recorded scenario; an item
// nobody exercises, an item without a rule and a rule without an item are each reported.
const library = findScenarioFiles([]).map((file) => ({
  file: path.basename(file),
  scenario: loadScenario(file),
}));

it('the library exercises every flow and error branch of docs/behaviour.md', () => {
  const coverage = behaviourCoverage(library);
  expect(coverage.problems).toEqual([]);
  expect(coverage.items.length).toBeGreaterThanOrEqual(30);
  expect(coverage.items.find((item) => item.number === '4.7')?.scenarios).toEqual([
    'home-changing-confirmed-email-hides-sign-in.json',
  ]);
});

const doc = `
## 4. Flows

- **4.1** Start without a usable session: the token is removed,
  and the home screen stays.
- **4.2** Something new.

## 5. Rules

- **5.1** Not covered by scenarios.

## 8. Error catalogue

- **8.1** Not a customer: contact page.
`;

it('reads the numbered items of the covered sections, continuation lines included', () => {
  expect(behaviourItems(doc)).toEqual([
    { number: '4.1', section: 'Flows', summary: 'Start without a usable session' },
    { number: '4.2', section: 'Flows', summary: 'Something new' },
    { number: '8.1', section: 'Error catalogue', summary: 'Not a customer' },
  ]);
});

it('reports an unexercised item, an item without a rule and a rule without an item', () => {
  const coverage = behaviourCoverage(library, doc, {
    '4.1': () => true,
    '8.1': () => false,
    '8.9': () => true,
  });
  expect(coverage.problems).toEqual([
    '4.2 (Something new) has no rule in src/scenarios/behaviour/behaviourMap.ts',
    '8.1 (Not a customer) is exercised by no scenario',
    '8.9 has a rule but no item in docs/behaviour.md (Flows, Error catalogue)',
  ]);
});
