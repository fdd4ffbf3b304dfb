// Runs in the sandboxed renderer before the page: exposes the contract, and only the contract.
import { contextBridge, ipcRenderer } from 'electron';
import { BRIDGE_GLOBAL } from '../../../src-shared/ipc/contract';
import { buildBridge } from './bridge';

contextBridge.exposeInMainWorld(BRIDGE_GLOBAL, buildBridge(ipcRenderer));
