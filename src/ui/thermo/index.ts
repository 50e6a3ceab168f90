/**
 * The thermodynamics chunk: the Thermodynamics section (ThermoPanel), the First law section
 * (ThermoReadouts), and the P–V diagram and the T–Q plot the overlay enlarges (PvDiagram, TqPlot).
 * The frame imports this module only dynamically, so they load together when one of them is first
 * shown.
 */
export { ThermoPanel } from './ThermoPanel.tsx';
export { ThermoReadouts } from './ThermoReadouts.tsx';
export { PvDiagram } from './PvDiagram.tsx';
export { TqPlot } from './TqPlot.tsx';
