/**
 * The thermodynamics chunk: the Thermodynamics section (ThermoPanel), the First law section
 * (ThermoReadouts) and the P–V diagram the overlay enlarges (PvDiagram). The frame imports this
 * module only dynamically, so the three load together when one of them is first shown.
 */
export { ThermoPanel } from './ThermoPanel.tsx';
export { ThermoReadouts } from './ThermoReadouts.tsx';
export { PvDiagram } from './PvDiagram.tsx';
