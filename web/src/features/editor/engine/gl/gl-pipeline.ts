import { CLARITY_SIGMA } from '../adjustments/clarity.adjustment';
import { adjustmentVector, CLARITY_INDEX, SHARPNESS_INDEX } from '../adjustments/point-chain';
import { blendModeIndex } from '../compose/blend-modes';
import { type BlurKernel, blurKernel, glslBlurFragment } from '../compose/blur';
import { type FilterUniforms, filterUniforms } from '../compose/filters';
import { focusSigma, focusTypeIndex } from '../compose/focus-mask';
import { coverScale } from '../compose/sampling';
import type { EditState } from '../edit-state';
import { EditorRenderError } from '../errors';
import { outputUvToSourceUv, type Size } from '../geometry/transform-geometry';
import {
  compositeFragment,
  developFragment,
  directFragment,
  type StageSpec,
  stageKey,
  TRANSFORM_FRAGMENT,
  VERTEX,
} from './shaders';

/** A texture the pipeline samples: the photo (at preview or full size) or an overlay image. */
export interface SourceTexture {
  texture: WebGLTexture;
  width: number;
  height: number;
}

interface Target {
  texture: WebGLTexture;
  framebuffer: WebGLFramebuffer;
  width: number;
  height: number;
  float: boolean;
}

type TargetName = 'base' | 'wide' | 'scratch' | 'developed' | 'blurred' | 'final';

interface Program {
  program: WebGLProgram;
  uniforms: Map<string, WebGLUniformLocation | null>;
}

/** Above this many pixels the intermediates drop from half floats to 8 bits, to halve GPU memory. */
const HALF_FLOAT_MAX_PIXELS = 16_000_000;
/** Stage combinations kept compiled; a session rarely uses more. */
const MAX_VARIANTS = 24;

/**
 * The WebGL2 twin of cpu-pipeline.ts: transform → (blur for clarity) → develop → (blur for focus) →
 * composite, each a full-screen pass into a texture. The last pass draws either to the context's
 * canvas (preview) or into an 8-bit target read back with readPixels (export and tests).
 */
export class GlPipeline {
  private readonly transformProgram: Program;
  /** Programs made for a combination of stages (shaders.ts, StageSpec), by key, oldest first. */
  private readonly variants = new Map<string, Program>();
  private readonly targets = new Map<TargetName, Target>();
  private readonly halfFloat: boolean;
  private readonly empty: WebGLTexture;

  constructor(private readonly gl: WebGL2RenderingContext) {
    this.halfFloat = gl.getExtension('EXT_color_buffer_float') !== null;
    this.transformProgram = this.link(TRANSFORM_FRAGMENT);
    this.empty = this.createTexture(1, 1, gl.RGBA8, gl.RGBA, gl.UNSIGNED_BYTE, false);
  }

  /** Uploads an image as a texture the pipeline can sample with bilinear filtering. */
  upload(image: TexImageSource, width: number, height: number): SourceTexture {
    const gl = this.gl;
    const texture = gl.createTexture();
    if (!texture) throw new EditorRenderError('Could not create a texture');
    gl.bindTexture(gl.TEXTURE_2D, texture);
    gl.pixelStorei(gl.UNPACK_FLIP_Y_WEBGL, false);
    gl.pixelStorei(gl.UNPACK_PREMULTIPLY_ALPHA_WEBGL, false);
    gl.pixelStorei(gl.UNPACK_COLORSPACE_CONVERSION_WEBGL, gl.NONE);
    gl.texImage2D(gl.TEXTURE_2D, 0, gl.RGBA8, width, height, 0, gl.RGBA, gl.UNSIGNED_BYTE, image);
    this.setSampling(gl.LINEAR);
    this.check('upload');
    return { texture, width, height };
  }

  release(source: SourceTexture | null): void {
    if (source) this.gl.deleteTexture(source.texture);
  }

  /**
   * Renders `state` from `source` at `out` pixels. 'canvas' draws into the context's drawing buffer
   * (which must be `out` in size); 'pixels' returns the RGBA bytes, top row first.
   */
  render(
    source: SourceTexture,
    state: EditState,
    out: Size,
    target: 'canvas' | 'pixels',
    overlay: SourceTexture | null = null,
  ): Uint8Array | null {
    const gl = this.gl;
    if (gl.isContextLost()) throw new EditorRenderError('The WebGL context was lost');
    const float = this.halfFloat && out.width * out.height <= HALF_FLOAT_MAX_PIXELS;
    const vector = adjustmentVector(state.adjustments);
    const clarityKernel =
      vector[CLARITY_INDEX] !== 0 ? blurKernel(CLARITY_SIGMA * Math.max(out.width, out.height)) : null;
    const focusKernel = state.focus ? blurKernel(focusSigma(state.focus, out.width, out.height)) : null;
    const final = target === 'pixels' ? this.target('final', out, false) : null;
    const filter = filterUniforms(state.filter);
    const spec: StageSpec = {
      user: Array.from(vector, (v) => v !== 0),
      filter: filter.intensity > 0 ? Array.from(filter.vector, (v) => v !== 0) : null,
      blend: overlay && state.overlay ? blendModeIndex(state.overlay.blend) : -1,
      focus: focusKernel && state.focus ? focusTypeIndex(state.focus) : -1,
    };

    if (vector[SHARPNESS_INDEX] === 0 && !clarityKernel && !focusKernel) {
      // Nothing looks at neighbouring pixels: transform, develop and overlay in one pass.
      const p = this.begin(this.variant('direct', spec, directFragment), final, out);
      this.setOutput(p, out, !final);
      this.setTransform(p, source, state, 0);
      this.setDevelop(p, filter, vector);
      this.setOverlay(p, state, overlay, out, 1);
      gl.drawArrays(gl.TRIANGLES, 0, 3);
    } else {
      const base = this.target('base', out, float);
      const t = this.begin(this.transformProgram, base);
      this.setOutput(t, out, false);
      this.setTransform(t, source, state, 0);
      gl.drawArrays(gl.TRIANGLES, 0, 3);

      const wide = clarityKernel ? this.blur(base, clarityKernel, 'wide', float) : null;
      const developed = this.target('developed', out, float);
      const d = this.begin(this.variant('develop', spec, developFragment), developed);
      this.bindTexture(0, base.texture);
      this.bindTexture(1, wide ? wide.texture : this.empty);
      gl.uniform1i(this.loc(d, 'u_base'), 0);
      gl.uniform1i(this.loc(d, 'u_wide'), 1);
      this.setDevelop(d, filter, vector);
      gl.drawArrays(gl.TRIANGLES, 0, 3);

      const blurred = focusKernel ? this.blur(developed, focusKernel, 'blurred', float) : null;
      this.compositePass(state, spec, developed, blurred, overlay, out, final);
    }
    this.check('render');
    if (!final) return null;
    const bytes = new Uint8Array(out.width * out.height * 4);
    gl.bindFramebuffer(gl.FRAMEBUFFER, final.framebuffer);
    gl.readPixels(0, 0, out.width, out.height, gl.RGBA, gl.UNSIGNED_BYTE, bytes);
    gl.bindFramebuffer(gl.FRAMEBUFFER, null);
    return bytes;
  }

  /** Frees the intermediate textures (after a full-size export; the preview keeps its own). */
  releaseTargets(): void {
    for (const t of this.targets.values()) {
      this.gl.deleteFramebuffer(t.framebuffer);
      this.gl.deleteTexture(t.texture);
    }
    this.targets.clear();
  }

  dispose(): void {
    this.releaseTargets();
    const gl = this.gl;
    gl.deleteTexture(this.empty);
    for (const p of [this.transformProgram, ...this.variants.values()]) gl.deleteProgram(p.program);
    this.variants.clear();
  }

  private blur(from: Target, kernel: BlurKernel, name: 'wide' | 'blurred', float: boolean): Target {
    const gl = this.gl;
    const size = { width: from.width, height: from.height };
    const scratch = this.target('scratch', size, float);
    const into = this.target(name, size, float);
    for (const [src, dst, dir] of [
      [from, scratch, [1, 0]],
      [scratch, into, [0, 1]],
    ] as const) {
      const p = this.begin(
        this.cached(`blur:${kernel.taps}`, () => glslBlurFragment(kernel.taps)),
        dst,
      );
      this.bindTexture(0, src.texture);
      gl.uniform1i(this.loc(p, 'u_image'), 0);
      gl.uniform2i(this.loc(p, 'u_dir'), dir[0], dir[1]);
      gl.uniform1iv(this.loc(p, 'u_offsets'), kernel.offsets, 0, kernel.taps);
      gl.uniform1fv(this.loc(p, 'u_weights'), kernel.weights, 0, kernel.taps);
      gl.drawArrays(gl.TRIANGLES, 0, 3);
    }
    return into;
  }

  private compositePass(
    state: EditState,
    spec: StageSpec,
    developed: Target,
    blurred: Target | null,
    overlay: SourceTexture | null,
    out: Size,
    into: Target | null,
  ): void {
    const gl = this.gl;
    const p = this.begin(
      this.variant('composite', { ...spec, user: [], filter: null }, compositeFragment),
      into,
      out,
    );
    this.setOutput(p, out, !into);
    this.bindTexture(0, developed.texture);
    this.bindTexture(1, blurred ? blurred.texture : this.empty);
    gl.uniform1i(this.loc(p, 'u_developed'), 0);
    gl.uniform1i(this.loc(p, 'u_blurred'), 1);
    const focus = blurred ? state.focus : null;
    if (focus) {
      gl.uniform2f(this.loc(p, 'u_focusCenter'), focus.x, focus.y);
      gl.uniform1f(this.loc(p, 'u_focusSize'), focus.size);
      gl.uniform1f(this.loc(p, 'u_focusFade'), focus.fade);
      gl.uniform1f(this.loc(p, 'u_focusAngle'), (focus.angle * Math.PI) / 180);
    }
    this.setOverlay(p, state, overlay, out, 2);
    gl.drawArrays(gl.TRIANGLES, 0, 3);
  }

  private setOutput(p: Program, out: Size, flipY: boolean): void {
    this.gl.uniform2f(this.loc(p, 'u_size'), out.width, out.height);
    this.gl.uniform1i(this.loc(p, 'u_flipY'), flipY ? 1 : 0);
  }

  private setTransform(p: Program, source: SourceTexture, state: EditState, unit: number): void {
    const gl = this.gl;
    const m = outputUvToSourceUv(source, state.transform);
    this.bindTexture(unit, source.texture);
    gl.uniform1i(this.loc(p, 'u_source'), unit);
    gl.uniform3f(this.loc(p, 'u_row0'), m[0], m[1], m[2]);
    gl.uniform3f(this.loc(p, 'u_row1'), m[3], m[4], m[5]);
  }

  private setDevelop(p: Program, filter: FilterUniforms, vector: Float32Array): void {
    const gl = this.gl;
    gl.uniform1fv(this.loc(p, 'u_adj'), vector);
    gl.uniform1fv(this.loc(p, 'u_filterAdj'), filter.vector);
    gl.uniform3fv(this.loc(p, 'u_tint'), filter.tint);
    gl.uniform1f(this.loc(p, 'u_tintAmount'), filter.tintAmount);
    gl.uniform1f(this.loc(p, 'u_fade'), filter.fade);
    gl.uniform1f(this.loc(p, 'u_intensity'), filter.intensity);
  }

  private setOverlay(
    p: Program,
    state: EditState,
    overlay: SourceTexture | null,
    out: Size,
    unit: number,
  ): void {
    const gl = this.gl;
    const spec = overlay ? state.overlay : null;
    this.bindTexture(unit, overlay ? overlay.texture : this.empty);
    gl.uniform1i(this.loc(p, 'u_overlay'), unit);
    if (spec && overlay) {
      gl.uniform1f(this.loc(p, 'u_opacity'), Math.max(0, Math.min(1, spec.opacity)));
      gl.uniform2fv(
        this.loc(p, 'u_coverScale'),
        coverScale(out.width, out.height, overlay.width, overlay.height),
      );
    }
  }

  private variant(kind: string, spec: StageSpec, fragment: (spec: StageSpec) => string): Program {
    return this.cached(`${kind}:${stageKey(spec)}`, () => fragment(spec));
  }

  /** A program by key, linked on first use; the least recently used goes when MAX_VARIANTS are kept. */
  private cached(key: string, fragment: () => string): Program {
    let p = this.variants.get(key);
    if (p) {
      this.variants.delete(key);
    } else {
      p = this.link(fragment());
      if (this.variants.size >= MAX_VARIANTS) {
        const [oldest, program] = this.variants.entries().next().value!;
        this.gl.deleteProgram(program.program);
        this.variants.delete(oldest);
      }
    }
    this.variants.set(key, p);
    return p;
  }

  private begin(p: Program, into: Target | null, size?: Size): Program {
    const gl = this.gl;
    // biome-ignore lint/correctness/useHookAtTopLevel: WebGL's useProgram, not a React hook.
    gl.useProgram(p.program);
    gl.bindFramebuffer(gl.FRAMEBUFFER, into ? into.framebuffer : null);
    const s = into ?? size!;
    gl.viewport(0, 0, s.width, s.height);
    return p;
  }

  private loc(p: Program, name: string): WebGLUniformLocation | null {
    let l = p.uniforms.get(name);
    if (l === undefined) {
      l = this.gl.getUniformLocation(p.program, name);
      p.uniforms.set(name, l);
    }
    return l;
  }

  private bindTexture(unit: number, texture: WebGLTexture): void {
    this.gl.activeTexture(this.gl.TEXTURE0 + unit);
    this.gl.bindTexture(this.gl.TEXTURE_2D, texture);
  }

  private target(name: TargetName, size: Size, float: boolean): Target {
    const existing = this.targets.get(name);
    if (
      existing &&
      existing.width === size.width &&
      existing.height === size.height &&
      existing.float === float
    ) {
      return existing;
    }
    const gl = this.gl;
    if (existing) {
      gl.deleteFramebuffer(existing.framebuffer);
      gl.deleteTexture(existing.texture);
    }
    const texture = float
      ? this.createTexture(size.width, size.height, gl.RGBA16F, gl.RGBA, gl.HALF_FLOAT, true)
      : this.createTexture(size.width, size.height, gl.RGBA8, gl.RGBA, gl.UNSIGNED_BYTE, true);
    const framebuffer = gl.createFramebuffer();
    if (!framebuffer) throw new EditorRenderError('Could not create a framebuffer');
    gl.bindFramebuffer(gl.FRAMEBUFFER, framebuffer);
    gl.framebufferTexture2D(gl.FRAMEBUFFER, gl.COLOR_ATTACHMENT0, gl.TEXTURE_2D, texture, 0);
    const status = gl.checkFramebufferStatus(gl.FRAMEBUFFER);
    gl.bindFramebuffer(gl.FRAMEBUFFER, null);
    if (status !== gl.FRAMEBUFFER_COMPLETE) {
      gl.deleteFramebuffer(framebuffer);
      gl.deleteTexture(texture);
      throw new EditorRenderError(`Framebuffer incomplete (${status}) at ${size.width}x${size.height}`);
    }
    const t = { texture, framebuffer, width: size.width, height: size.height, float };
    this.targets.set(name, t);
    return t;
  }

  private createTexture(
    width: number,
    height: number,
    internal: number,
    format: number,
    type: number,
    nearest: boolean,
  ): WebGLTexture {
    const gl = this.gl;
    const texture = gl.createTexture();
    if (!texture) throw new EditorRenderError('Could not create a texture');
    gl.bindTexture(gl.TEXTURE_2D, texture);
    gl.texImage2D(gl.TEXTURE_2D, 0, internal, width, height, 0, format, type, null);
    this.setSampling(nearest ? gl.NEAREST : gl.LINEAR);
    return texture;
  }

  private setSampling(filter: number): void {
    const gl = this.gl;
    gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_MIN_FILTER, filter);
    gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_MAG_FILTER, filter);
    gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_WRAP_S, gl.CLAMP_TO_EDGE);
    gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_WRAP_T, gl.CLAMP_TO_EDGE);
  }

  private check(stage: string): void {
    const error = this.gl.getError();
    if (error === this.gl.OUT_OF_MEMORY) throw new EditorRenderError(`Out of GPU memory during ${stage}`);
    if (error !== this.gl.NO_ERROR) throw new EditorRenderError(`WebGL error ${error} during ${stage}`);
  }

  private link(fragment: string): Program {
    const gl = this.gl;
    const compile = (type: number, text: string) => {
      const shader = gl.createShader(type);
      if (!shader) throw new EditorRenderError('Could not create a shader');
      gl.shaderSource(shader, text);
      gl.compileShader(shader);
      if (!gl.getShaderParameter(shader, gl.COMPILE_STATUS) && !gl.isContextLost()) {
        throw new EditorRenderError(`Shader did not compile: ${gl.getShaderInfoLog(shader)}`);
      }
      return shader;
    };
    const program = gl.createProgram();
    if (!program) throw new EditorRenderError('Could not create a program');
    const vs = compile(gl.VERTEX_SHADER, VERTEX);
    const fs = compile(gl.FRAGMENT_SHADER, fragment);
    gl.attachShader(program, vs);
    gl.attachShader(program, fs);
    gl.linkProgram(program);
    gl.deleteShader(vs);
    gl.deleteShader(fs);
    if (!gl.getProgramParameter(program, gl.LINK_STATUS) && !gl.isContextLost()) {
      throw new EditorRenderError(`Shader did not link: ${gl.getProgramInfoLog(program)}`);
    }
    return { program, uniforms: new Map() };
  }
}
