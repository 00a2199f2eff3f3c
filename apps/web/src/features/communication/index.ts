export { CommunicationCentre } from './components/communication-centre';
