export { CurrentAccountMoney, MoneyProvider, moneyOf, useMoney, type Money } from './money-context';
